import type { SavedSearch } from '@blotter/shared/schemas/search';
import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { SavedSearchRunDialog } from '../search/saved-search-run-dialog';
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
  const [printing, setPrinting] = useState<{ seq: number; open: boolean } | undefined>(undefined);
  return (
    <SavedSearchRunDialog
      search={report}
      open={open}
      onClose={onClose}
      asReport
      tools={
        <Button
          startIcon={<PrintIcon />}
          onClick={() => setPrinting((current) => ({ seq: (current?.seq ?? 0) + 1, open: true }))}
        >
          Print
        </Button>
      }
      after={(run, columns) =>
        printing && (
          <ReportPrintDialog
            key={printing.seq}
            title={report.name}
            run={run}
            columns={columns}
            open={printing.open}
            onClose={() => setPrinting(undefined)}
          />
        )
      }
    />
  );
}
