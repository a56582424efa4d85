import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/**
 * Said over results the criteria no longer describe (issue 27): as soon as a criterion is added or
 * removed or a group's AND/OR changes. An alert, so a screen reader announces it when it appears.
 */
export function StaleResultsNotice({ onSearchAgain }: { onSearchAgain: () => void }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          startIcon={<RefreshIcon />}
          onClick={onSearchAgain}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Search again
        </Button>
      }
    >
      The search criteria changed: these results are of the previous criteria. Search again to see what the new criteria
      find; Export and Save search first.
    </Alert>
  );
}
