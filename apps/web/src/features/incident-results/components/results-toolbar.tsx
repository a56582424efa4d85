import FileDownloadIcon from '@mui/icons-material/FileDownload';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { ExportProgress } from '../export/fetch-all-pages';

interface ResultsToolbarProps {
  /** Shows 'Adjust columns' (open and closed lists, search results; not drafts). */
  onAdjustColumns?: () => void;
  onExport: () => void;
  exportDisabled: boolean;
  /** While the export reads the list's pages: how many rows of how many it has. */
  exportProgress?: ExportProgress | undefined;
  /** More tools of the page (the search page's Save to Reports, Save to Dashboard). */
  children?: ReactNode;
}

/** The tools above a results table: Adjust columns and Export to excel (spec 2 §2). */
export function ResultsToolbar({
  onAdjustColumns,
  onExport,
  exportDisabled,
  exportProgress,
  children,
}: ResultsToolbarProps) {
  const percent =
    exportProgress && exportProgress.total > 0 ? (100 * exportProgress.loaded) / exportProgress.total : undefined;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
      {onAdjustColumns && (
        <Button startIcon={<ViewColumnIcon />} onClick={onAdjustColumns}>
          Adjust columns
        </Button>
      )}
      <Button startIcon={<FileDownloadIcon />} onClick={onExport} disabled={exportDisabled || Boolean(exportProgress)}>
        Export to excel
      </Button>
      {exportProgress && (
        <Box role="status" sx={{ minWidth: 200, typography: 'body2', color: 'text.secondary' }}>
          {`Exporting ${exportProgress.loaded} of ${exportProgress.total || '…'} rows`}
          <LinearProgress
            variant={percent === undefined ? 'indeterminate' : 'determinate'}
            value={percent ?? 0}
            aria-label="Export progress"
          />
        </Box>
      )}
      {children}
    </Stack>
  );
}
