import type { SavedSearch } from '@blotter/shared/schemas/search';
import CloseIcon from '@mui/icons-material/Close';
import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useColumnState } from '../../features/incident-results';
import { nextRunSeq, type SearchRun } from '../../features/search/api/search-incidents';
import { savedColumnsToChoice, savedSearchColumnsKey } from '../../features/search/model/saved-columns';
import { SearchResults } from '../search/search-results';
import ReportPrintDialog from './report-print-dialog';

interface SearchReportDialogProps {
  report: SavedSearch;
  open: boolean;
  onClose: () => void;
}

/**
 * A search report run from its card (spec 2 §2 reports page): the results dialog titled with its
 * name, read by running the report (each page a REPORT audit entry), in its saved columns until
 * the user chooses others, with CSV export and Print.
 */
export default function SearchReportDialog({ report, open, onClose }: SearchReportDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // Each opening runs the report anew (the dialog is mounted per opening).
  const [run] = useState<SearchRun>(() => ({
    seq: nextRunSeq(),
    request: { criteria: report.criteria, auditTitle: report.name },
    reportId: report.id,
  }));
  const columnsKey = savedSearchColumnsKey(report.id);
  const [columns, setColumns] = useColumnState(columnsKey, savedColumnsToChoice(report.columns));
  const [printing, setPrinting] = useState<{ seq: number; open: boolean } | undefined>(undefined);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xl" fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {report.name}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <SearchResults
          run={run}
          title={report.name}
          columnsStorageKey={columnsKey}
          columns={columns}
          onColumnsChange={setColumns}
          tools={
            <Button
              startIcon={<PrintIcon />}
              onClick={() => setPrinting((current) => ({ seq: (current?.seq ?? 0) + 1, open: true }))}
            >
              Print
            </Button>
          }
        />
      </DialogContent>
      {printing && (
        <ReportPrintDialog
          key={printing.seq}
          title={report.name}
          run={run}
          columns={columns}
          open={printing.open}
          onClose={() => setPrinting(undefined)}
        />
      )}
    </Dialog>
  );
}
