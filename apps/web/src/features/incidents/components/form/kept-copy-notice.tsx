import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { KeptRefusal } from '../../utils/kept-refusal';

interface KeptCopyNoticeProps {
  refusal: KeptRefusal;
  number: number | null;
  /** The user may reopen the incident (OPEN_CLOSED_INCIDENT): offers 'Reopen and apply'. */
  canReopen: boolean;
  busy: boolean;
  onReopenAndApply: () => void;
}

/** What the form says it kept when a save was refused because the incident was closed or deleted meanwhile. */
export function keptCopyText(refusal: KeptRefusal, number: number | null): string {
  const incident = `Incident #${number ?? ''}`;
  if (refusal.reason === 'closed') {
    return (
      `${incident} was closed while you were editing it (${refusal.message}). What you typed is kept in this form ` +
      'and under Draft Incidents, to read and copy from.'
    );
  }
  return (
    `${incident} can no longer be edited: it was deleted or locked meanwhile (${refusal.message}). ` +
    'What you typed stays in this form until you leave it: copy what you need.'
  );
}

/**
 * Issue 27: a refused save keeps the typed text. The form stays as it was (readable, copyable) and
 * this notice replaces Save; those who may reopen a closed incident can reopen it and apply the copy.
 */
export function KeptCopyNotice({ refusal, number, canReopen, busy, onReopenAndApply }: KeptCopyNoticeProps) {
  const offerReopen = refusal.reason === 'closed' && canReopen;
  return (
    <Alert
      severity="warning"
      sx={{ flexBasis: '100%' }}
      action={
        offerReopen && (
          <Button color="inherit" variant="outlined" size="small" onClick={onReopenAndApply} disabled={busy}>
            Reopen and apply
          </Button>
        )
      }
    >
      <AlertTitle>Your changes were not saved</AlertTitle>
      {keptCopyText(refusal, number)}
    </Alert>
  );
}
