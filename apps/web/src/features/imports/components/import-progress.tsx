import type { ImportDetail } from '@blotter/shared/schemas/imports';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { count } from '../model/import-steps';

/** A running job's progress: 'Checked 12,000 of 100,000 rows' over a bar. */
export function ImportProgress({ detail, verb }: { detail: ImportDetail; verb: string }) {
  const labelId = useId();
  const progress = detail.progress;
  const text = progress ? `${verb} ${count(progress.done)} of ${count(progress.total)} rows` : `${verb} the rows…`;
  const value = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : undefined;
  return (
    <Box sx={{ my: 2 }}>
      <Typography id={labelId} sx={{ mb: 1 }} aria-live="polite">
        {text}
      </Typography>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-labelledby={labelId}
      />
    </Box>
  );
}
