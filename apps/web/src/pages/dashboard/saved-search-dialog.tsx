import type { SavedSearch } from '@blotter/shared/schemas/search';
import CloseIcon from '@mui/icons-material/Close';
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

interface SavedSearchDialogProps {
  search: SavedSearch;
  open: boolean;
  onClose: () => void;
}

/**
 * A saved search run from its dashboard card (spec 2 §2): the results dialog titled with its name,
 * in its saved columns until the user chooses others; the search is audited under its name.
 */
export default function SavedSearchDialog({ search, open, onClose }: SavedSearchDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // Each opening runs the search anew (the dialog is mounted per opening).
  const [run] = useState<SearchRun>(() => ({
    seq: nextRunSeq(),
    request: { criteria: search.criteria, auditTitle: search.name },
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
        />
      </DialogContent>
    </Dialog>
  );
}
