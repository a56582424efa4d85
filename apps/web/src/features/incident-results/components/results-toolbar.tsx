import FileDownloadIcon from '@mui/icons-material/FileDownload';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

interface ResultsToolbarProps {
  /** Shows 'Adjust columns' (open and closed lists, search results; not drafts). */
  onAdjustColumns?: () => void;
  onExport: () => void;
  exportDisabled: boolean;
  /** More tools of the page (the search page's Save to Reports, Save to Dashboard). */
  children?: ReactNode;
}

/** The tools above a results table: Adjust columns and Export to excel (spec 2 §2). */
export function ResultsToolbar({ onAdjustColumns, onExport, exportDisabled, children }: ResultsToolbarProps) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
      {onAdjustColumns && (
        <Button startIcon={<ViewColumnIcon />} onClick={onAdjustColumns}>
          Adjust columns
        </Button>
      )}
      <Button startIcon={<FileDownloadIcon />} onClick={onExport} disabled={exportDisabled}>
        Export to excel
      </Button>
      {children}
    </Stack>
  );
}
