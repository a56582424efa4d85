import { toastInfo } from '../lib/toast';
import { ConfirmDialog } from './confirm-dialog';

interface ConfirmDeleteDialogProps {
  /** What to delete; the dialog is open while it is set. */
  target: { id: string; name: string } | undefined;
  /** The dialog's title ('Delete Search'). */
  title: string;
  /** What the target is called in the question ('search': 'delete this search, "name"?'). */
  noun: string;
  busy: boolean;
  /** Starts the deletion (a mutation's mutate), calling back on success and when settled. */
  remove: (id: string, callbacks: { onSuccess: () => void; onSettled: () => void }) => void;
  /** Closes the dialog (cancelled, or the deletion settled). */
  onClose: () => void;
}

/** Asks before deleting a saved item, deletes it and says so ('name was deleted.'). */
export function ConfirmDeleteDialog({ target, title, noun, busy, remove, onClose }: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      open={Boolean(target)}
      title={title}
      message={`Are you sure you want to delete this ${noun}, "${target?.name ?? ''}"?`}
      confirmLabel="Delete"
      destructive
      busy={busy}
      onCancel={onClose}
      onConfirm={() => {
        if (!target) return;
        remove(target.id, {
          onSuccess: () => toastInfo(`${target.name} was deleted.`),
          onSettled: onClose,
        });
      }}
    />
  );
}
