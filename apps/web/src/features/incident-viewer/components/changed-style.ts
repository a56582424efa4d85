import { alpha, type Theme } from '@mui/material/styles';

/** The background of what changed between two versions (history compare). */
export const changedSx = (theme: Theme) => ({
  bgcolor: alpha(theme.palette.warning.main, 0.16),
  outline: `1px solid ${alpha(theme.palette.warning.main, 0.6)}`,
});
