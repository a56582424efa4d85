import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useId } from 'react';
import type { PartyMatch } from './party-match';

interface DuplicateListProps {
  matches: readonly PartyMatch[];
  /** 'Use this person' or 'Use this legal entity'. */
  useLabel: string;
  busy: boolean;
  onUse: (match: PartyMatch) => void;
  onDismiss: () => void;
  /** Active bans, trespass notices and watches of the candidates here, by register id (issue 31 §5). */
  alerts?: ReadonlyMap<string, readonly string[]>;
}

/** The matches of a duplication check: adopt one, or say it is not a duplicate. */
export function DuplicateList({ matches, useLabel, busy, onUse, onDismiss, alerts }: DuplicateListProps) {
  const titleId = useId();
  const nameId = useId();
  return (
    <Alert
      severity="warning"
      role="region"
      aria-labelledby={titleId}
      sx={{ mt: 2, '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle id={titleId}>Possible duplicates</AlertTitle>
      This may be someone already recorded. Use the existing record, or confirm this is not a duplicate.
      <List dense aria-labelledby={titleId}>
        {matches.map((match, index) => (
          <ListItem
            key={match.personId}
            disableGutters
            secondaryAction={
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                aria-describedby={`${nameId}-${index}`}
                onClick={() => onUse(match)}
              >
                {useLabel}
              </Button>
            }
          >
            <ListItemText
              id={`${nameId}-${index}`}
              primary={match.name}
              secondary={
                alerts?.get(match.personId)?.length ? (
                  <>
                    {match.details ? <>{match.details} · </> : null}
                    <Box component="strong" sx={{ color: 'error.dark' }}>
                      {alerts.get(match.personId)?.join(' · ')}
                    </Box>
                  </>
                ) : (
                  match.details || undefined
                )
              }
              sx={{ pr: 18 }}
            />
          </ListItem>
        ))}
      </List>
      <Box>
        <Button size="small" disabled={busy} onClick={onDismiss}>
          Not a duplicate
        </Button>
      </Box>
    </Alert>
  );
}
