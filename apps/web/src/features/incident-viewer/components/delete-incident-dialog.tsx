import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteIncident } from '../api/delete-incident';

export interface DeleteIncidentDialogProps {
  incident: { id: string; number: number };
  open: boolean;
  onClose: () => void;
  /** The incident is gone (from the draft and my-incident lists too). */
  onDeleted?: () => void;
}

/** Delete (spec 1 §4, §6 INCIDENT_DELETE): after confirmation, DELETE /incidents/{id}. */
export function DeleteIncidentDialog({ incident, open, onClose, onDeleted }: DeleteIncidentDialogProps) {
  const remove = useDeleteIncident();
  return (
    <ConfirmDialog
      open={open}
      title="Delete incident"
      message={`Are you sure you want to delete incident #${incident.number}?`}
      confirmLabel="Delete"
      destructive
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(incident.id, {
          onSuccess: () => {
            toastSuccess(`Incident #${incident.number} was deleted.`);
            onClose();
            onDeleted?.();
          },
          onError: onClose,
        })
      }
    />
  );
}
