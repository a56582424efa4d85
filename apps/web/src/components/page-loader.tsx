import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The placeholder shown while a page's code or data loads. */
export function PageLoader() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
