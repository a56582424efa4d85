import type { SavedSearch } from '@blotter/shared/schemas/search';
import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId, useState } from 'react';
import { type ColumnState, useColumnState } from '../../features/incident-results';
import { nextRunSeq, type SearchRun } from '../../features/search/api/search-incidents';
import { savedColumnsToChoice, savedSearchColumnsKey } from '../../features/search/model/saved-columns';
import { SearchResults } from './search-results';

interface SavedSearchRunDialogProps {
  search: SavedSearch;
  open: boolean;
  onClose: () => void;
  /** Run it as a report (each page a REPORT audit entry) rather than as a saved search. */
  asReport?: boolean;
  /** More tools beside the results' own. */
  tools?: ReactNode;
  /** Rendered inside the dialog after the results, given the run and the columns shown. */
  after?: (run: SearchRun, columns: ColumnState) => ReactNode;
}

/**
 * A saved search or search report run from its card (spec 2 §2): the results dialog titled with its
 * name, in its saved columns until the user chooses others; the search is audited under its name.
 */
export function SavedSearchRunDialog({ search, open, onClose, asReport, tools, after }: SavedSearchRunDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // Each opening runs the search anew (the dialog is mounted per opening).
  const [run] = useState<SearchRun>(() => ({
    seq: nextRunSeq(),
    request: { criteria: search.criteria, auditTitle: search.name, sort: search.sort },
    ...(asReport ? { reportId: search.id } : {}),
  }));
  const columnsKey = savedSearchColumnsKey(search.id);
  const [columns, setColumns] = useColumnState(columnsKey, savedColumnsToChoice(search.columns));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xl" fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {search.name}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <SearchResults
          run={run}
          title={search.name}
          columnsStorageKey={columnsKey}
          columns={columns}
          onColumnsChange={setColumns}
          tools={tools}
        />
      </DialogContent>
      {after?.(run, columns)}
    </Dialog>
  );
}
