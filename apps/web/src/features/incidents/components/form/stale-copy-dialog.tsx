import type { Draft } from '@blotter/shared/schemas/incident-form';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { deleteDraft } from '../../api/delete-draft';
import type { DraftAutosave } from '../../hooks/use-draft-autosave';
import { removeLocalCopy } from '../../utils/local-draft-copy';
import { markCopyStored, unstoredIncidentOf } from '../../utils/unstored-copies';

interface StaleCopyDialogProps {
  /** The server's message (who changed the incident and when), or undefined when closed. */
  message: string | undefined;
  draft: Draft;
  autosave: DraftAutosave;
  onDismiss: () => void;
  /** Opens the current incident for editing again (the copy has been discarded). */
  onReload?: (() => void) | undefined;
}

/**
 * A save refused because the working copy was made from an older version of the incident (issue
 * 9 §4): the server's message, and Reload, which discards the copy (server and browser) and takes
 * the current incident. 'Keep my copy' leaves the form as it is, to copy text out of it.
 */
export function StaleCopyDialog({ message, draft, autosave, onDismiss, onReload }: StaleCopyDialogProps) {
  const [busy, setBusy] = useState(false);

  const reload = async () => {
    if (!onReload) return;
    setBusy(true);
    await autosave.saver.stop();
    if (!unstoredIncidentOf(draft.id)) {
      try {
        await deleteDraft(draft.id);
      } catch {
        // Already gone (never stored, or removed meanwhile): nothing to discard.
      }
    }
    markCopyStored(draft.id);
    try {
      removeLocalCopy(window.localStorage, autosave.localKey);
    } catch {
      // No storage: nothing to remove.
    }
    setBusy(false);
    onDismiss();
    onReload();
  };

  return (
    <ConfirmDialog
      open={message !== undefined}
      title="This incident has changed"
      message={message ?? ''}
      confirmLabel={onReload ? 'Reload' : 'OK'}
      cancelLabel="Keep my copy"
      busy={busy}
      onCancel={onDismiss}
      onConfirm={() => (onReload ? void reload() : onDismiss())}
    />
  );
}
