import { formatDateTime } from '@blotter/shared/presentation';
import type { Draft } from '@blotter/shared/schemas/incident-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface FoundCopyDialogProps {
  /** The user's stored working copy found on opening, or undefined when closed. */
  copy: Draft | undefined;
  dateFormat: number;
  busy: boolean;
  /** Another tab of this browser has the copy open in its form right now. */
  openElsewhere: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

/** What the offer says about a working copy found on opening (exported for its unit test). */
/** What the offer says when another tab has the copy open right now (before Discard destroys that typing). */
export const OPEN_ELSEWHERE_TEXT =
  'This copy is open in another tab of yours right now. Discarding it also throws away what is being typed there; ' +
  'continuing here makes the two tabs save over each other, so finish in one tab.';

export function foundCopyText(copy: Draft, dateFormat: number): string[] {
  const lines = [
    `You have changes to Incident #${copy.number ?? ''} from ${formatDateTime(copy.lastUpdateDate, dateFormat)} ` +
      'that are not saved to the incident yet.',
  ];
  const change = copy.changedSince;
  if (change) {
    lines.push(
      `The incident has changed since your copy was made: ${change.userName} changed it on ` +
        `${formatDateTime(change.date, dateFormat)}. Your copy cannot be saved over that change; ` +
        'discard it to edit the current incident.',
    );
  }
  return lines;
}

/**
 * Spec 1 §4 view flow: a working copy found on opening needs confirmation. Accepting makes it the
 * working draft; declining discards the copy and opens the current incident. Neither Escape nor a
 * click outside decides for the person: typed work is at stake.
 */
export function FoundCopyDialog({ copy, dateFormat, busy, openElsewhere, onAccept, onDecline }: FoundCopyDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog open={copy !== undefined} aria-labelledby={titleId} aria-describedby={messageId}>
      <DialogTitle id={titleId}>Continue with your changes?</DialogTitle>
      <DialogContent id={messageId}>
        {copy &&
          foundCopyText(copy, dateFormat).map((line) => (
            <DialogContentText key={line} sx={{ mb: 1 }}>
              {line}
            </DialogContentText>
          ))}
        {openElsewhere && (
          <Alert severity="warning" role="status">
            {OPEN_ELSEWHERE_TEXT}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDecline} disabled={busy} color="error">
          Discard my changes
        </Button>
        <Button onClick={onAccept} disabled={busy} variant="contained" autoFocus>
          Continue with my changes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
