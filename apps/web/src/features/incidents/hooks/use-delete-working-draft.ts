import { useState } from 'react';
import { useDeleteDraft } from '../api/delete-draft';
import { removeLocalCopy } from '../utils/local-draft-copy';
import type { DraftAutosave } from './use-draft-autosave';

/** Delete Draft: stops the autosave first (no save may recreate what is being deleted). */
export function useDeleteWorkingDraft(draftId: string, autosave: DraftAutosave, onDeleted: () => void) {
  const remove = useDeleteDraft();
  const [deleting, setDeleting] = useState(false);

  const deleteDraft = async () => {
    setDeleting(true);
    await autosave.saver.stop();
    try {
      await remove.mutateAsync(draftId);
      try {
        removeLocalCopy(window.localStorage, autosave.localKey);
      } catch {
        // No storage: nothing to remove.
      }
      onDeleted();
    } catch {
      // The error toast shows the server's message; the draft stays and keeps saving.
      autosave.saver.start();
      setDeleting(false);
    }
  };

  return { deleteDraft, deleting };
}
