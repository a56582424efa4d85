import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toastSuccess } from '../../../lib/toast';
import { useReopenIncident } from '../api/reopen-incident';

export interface ReopenIncidentDialogProps {
  incident: { id: string; number: number };
  open: boolean;
  onClose: () => void;
  /** The incident is open again (status Open, close block cleared). */
  onReopened?: () => void;
}

/** Reopen (spec 1 §4): after confirmation, POST /incidents/open/{id}. */
export function ReopenIncidentDialog({ incident, open, onClose, onReopened }: ReopenIncidentDialogProps) {
  const reopen = useReopenIncident();
  return (
    <ConfirmDialog
      open={open}
      title="Reopen incident"
      message={`Are you sure you want to reopen incident #${incident.number}?`}
      confirmLabel="Reopen"
      busy={reopen.isPending}
      onCancel={onClose}
      onConfirm={() =>
        reopen.mutate(incident.id, {
          onSuccess: () => {
            toastSuccess(`Incident #${incident.number} is open again.`);
            onClose();
            onReopened?.();
          },
          // The server's message is shown; the question closes.
          onError: onClose,
        })
      }
    />
  );
}
