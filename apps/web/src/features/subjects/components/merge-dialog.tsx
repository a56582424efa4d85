import { formatCalendarDate, formatDate } from '@blotter/shared/presentation';
import type { MergeableKind, MergeCandidate } from '@blotter/shared/schemas/subject-merges';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { PagePagination } from '../../../components/page-pagination';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMergeCandidates } from '../api/merges-api';

export interface MergeSubject {
  kind: MergeableKind;
  id: string;
  displayName: string;
  /** The incidents of the record the user may see. */
  incidentCount: number;
}

interface MergeDialogProps {
  open: boolean;
  subject: MergeSubject;
  dateFormat: number;
  busy: boolean;
  /** The server's refusal, shown above the buttons. */
  error: string | undefined;
  onCancel: () => void;
  /** Merges `mergedId` into `keptId` (one of them the subject, the other the chosen record). */
  onMerge: (choice: { keptId: string; mergedId: string; kept: string; merged: string }) => void;
}

const REASON_LABELS: Record<MergeCandidate['reason'], string | null> = {
  name: 'Same name',
  dateOfBirth: 'Same last name and date of birth',
  search: null,
};

const incidents = (n: number) => `${n} ${n === 1 ? 'incident' : 'incidents'}`;

/** One line of what tells the candidate apart: alias or contact, date of birth, place, incidents, last seen. */
function candidateDetails(candidate: MergeCandidate, dateFormat: number): string {
  const lastSeen = formatDate(candidate.lastSeenDate, dateFormat);
  return [
    candidate.detail && (candidate.kind === 'person' ? `“${candidate.detail}”` : candidate.detail),
    candidate.dateOfBirth && `Born ${formatCalendarDate(candidate.dateOfBirth, dateFormat)}`,
    candidate.place,
    incidents(candidate.incidentCount),
    lastSeen && `last seen ${lastSeen}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * 'Merge duplicates': the subject's likely duplicates (or the register searched by name), paged on
 * the server; choosing one asks which record to keep and confirms, naming both records and how
 * many incidents move.
 */
export function MergeDialog(props: MergeDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {props.open && <MergeSteps {...props} titleId={titleId} />}
    </Dialog>
  );
}

function MergeSteps({
  titleId,
  subject,
  dateFormat,
  busy,
  error,
  onCancel,
  onMerge,
}: MergeDialogProps & { titleId: string }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<MergeCandidate | null>(null);
  const [keep, setKeep] = useState<'subject' | 'chosen'>('subject');
  const candidates = useMergeCandidates(subject.kind, subject.id, q, page, chosen === null);

  if (chosen) {
    const [kept, merged] = keep === 'subject' ? [subject, chosen] : [chosen, subject];
    const [keptLabel, mergedLabel] =
      keep === 'subject'
        ? [`this record, ${subject.displayName}`, `The chosen record, ${chosen.displayName}`]
        : [`the chosen record, ${chosen.displayName}`, `This record, ${subject.displayName}`];
    return (
      <>
        <DialogTitle id={titleId}>Merge two records?</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1 }}>Which record do you keep?</Typography>
          <RadioGroup
            aria-label="Record to keep"
            value={keep}
            onChange={(event) => setKeep(event.target.value as 'subject' | 'chosen')}
          >
            <FormControlLabel
              value="subject"
              disabled={busy}
              control={<Radio />}
              label={`This record: ${subject.displayName} (${incidents(subject.incidentCount)})`}
            />
            <FormControlLabel
              value="chosen"
              disabled={busy}
              control={<Radio />}
              label={`The chosen record: ${chosen.displayName} (${incidents(chosen.incidentCount)})`}
            />
          </RadioGroup>
          <DialogContentText sx={{ mt: 2 }}>
            {`${mergedLabel}, will be merged into ${keptLabel}. Its ${incidents(merged.incidentCount)} and any bans move to the record kept, and it leaves the register. You can undo the merge for 30 days.`}
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChosen(null)} disabled={busy}>
            Back
          </Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() =>
              onMerge({ keptId: kept.id, mergedId: merged.id, kept: kept.displayName, merged: merged.displayName })
            }
          >
            Merge
          </Button>
        </DialogActions>
      </>
    );
  }

  const data = candidates.data;
  return (
    <>
      <DialogTitle id={titleId}>Merge duplicates of {subject.displayName}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          label="Search the register by name"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          fullWidth
          size="small"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 100 },
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {q ? 'Records whose name holds the words typed.' : 'Likely duplicates: records of the same name.'}
        </Typography>
        {candidates.isFetching && <LinearProgress aria-label="Loading records" sx={{ mt: 1 }} />}
        {candidates.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {candidates.error.message}
          </Alert>
        )}
        {data?.items.length === 0 && (
          <Typography sx={{ mt: 2 }}>
            {q ? 'No other record matches this search.' : 'No likely duplicate found. Search the register by name.'}
          </Typography>
        )}
        {data && data.items.length > 0 && (
          <>
            <List aria-label="Records to merge" disablePadding sx={{ mt: 1 }}>
              {data.items.map((candidate) => {
                const reason = REASON_LABELS[candidate.reason];
                return (
                  <ListItem key={candidate.id} divider disableGutters sx={{ gap: 1, alignItems: 'flex-start' }}>
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                        <Typography sx={{ fontWeight: 500 }}>{candidate.displayName}</Typography>
                        {reason && <Chip size="small" variant="outlined" label={reason} />}
                      </Box>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {candidateDetails(candidate, dateFormat)}
                      </Typography>
                    </Box>
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={`Choose ${candidate.displayName}`}
                      onClick={() => {
                        setKeep('subject');
                        setChosen(candidate);
                      }}
                      sx={{ flexShrink: 0 }}
                    >
                      Choose
                    </Button>
                  </ListItem>
                );
              })}
            </List>
            <PagePagination page={data} onPageChange={setPage} />
          </>
        )}
        {data?.items.some((candidate) => candidate.privateHidden) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Dates of birth and places are hidden: they need the privacy information privilege.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
      </DialogActions>
    </>
  );
}
