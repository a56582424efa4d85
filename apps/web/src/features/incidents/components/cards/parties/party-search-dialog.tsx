import { SEARCH_MESSAGES } from '@blotter/shared/schemas/persons';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { searchCompaniesQueryOptions } from '../../../api/search-companies';
import { searchPersonsQueryOptions } from '../../../api/search-persons';
import { useCompanyDateFormat } from '../../form/company-date-pickers';
import { type PartyMatch, toPartyMatches } from './party-match';

/** The three search dialogs of spec 1 §2 and what each asks for. */
export const SEARCH_DIALOGS = {
  person: { title: 'Select Person', label: 'Person name', empty: SEARCH_MESSAGES.personNameRequired },
  legalEntity: {
    title: 'Select legal entity',
    label: 'Legal entity name',
    empty: SEARCH_MESSAGES.legalEntityNameRequired,
  },
  company: { title: 'Select Company', label: 'Company name', empty: SEARCH_MESSAGES.companyNameRequired },
} as const;
export type SearchDialogKind = keyof typeof SEARCH_DIALOGS;

interface PartySearchDialogProps {
  kind: SearchDialogKind;
  open: boolean;
  /** Starts with this name searched (e.g. the name typed on a card). */
  initialName?: string;
  /** Adds the chosen entry; resolves true when the dialog may close. */
  onChoose: (match: PartyMatch) => Promise<boolean>;
  onClose: () => void;
}

function useResults(kind: SearchDialogKind, name: string) {
  const options = kind === 'person' ? searchPersonsQueryOptions(name) : searchCompaniesQueryOptions(name);
  const dateFormat = useCompanyDateFormat();
  return useQuery({
    queryKey: options.queryKey,
    queryFn: options.queryFn as () => Promise<unknown[]>,
    enabled: name.length > 0,
    staleTime: 0,
    select: (list) => toPartyMatches(kind === 'person' ? 'person' : 'company', list, dateFormat),
  });
}

/** Select Person / Select legal entity / Select Company: search the register by name, then Add. */
export function PartySearchDialog({ kind, open, initialName = '', onChoose, onClose }: PartySearchDialogProps) {
  const texts = SEARCH_DIALOGS[kind];
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [searched, setSearched] = useState(initialName.trim());
  const [error, setError] = useState('');
  const [adding, setAdding] = useState<string | null>(null);
  const results = useResults(kind, searched);

  const search = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to the incident form.
    event.stopPropagation();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(texts.empty);
      return;
    }
    setError('');
    if (trimmed === searched) void results.refetch();
    else setSearched(trimmed);
  };

  const choose = async (match: PartyMatch) => {
    setAdding(match.personId);
    try {
      if (await onChoose(match)) onClose();
    } finally {
      setAdding(null);
    }
  };

  return (
    <Dialog open={open} onClose={adding ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          role="search"
          aria-label={texts.title}
          noValidate
          onSubmit={search}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pt: 1 }}
        >
          <TextField
            label={texts.label}
            value={name}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error || ' '}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ mt: 1 }}>
            Search
          </Button>
        </Box>
        {results.isFetching && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={28} aria-label="Searching" />
          </Box>
        )}
        {!results.isFetching && results.isError && <Alert severity="error">{results.error.message}</Alert>}
        {!results.isFetching && results.data?.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {SEARCH_MESSAGES.noSearchData}
          </Typography>
        )}
        {!results.isFetching && results.data && results.data.length > 0 && (
          <List aria-label="Search results" dense>
            {results.data.map((match) => (
              <ListItem
                key={match.personId}
                divider
                secondaryAction={
                  <Button
                    variant="outlined"
                    size="small"
                    aria-label={`Add ${match.name}`}
                    disabled={adding !== null}
                    onClick={() => void choose(match)}
                  >
                    Add
                  </Button>
                }
              >
                <ListItemText primary={match.name} secondary={match.details || undefined} sx={{ pr: 8 }} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={adding !== null}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
