import type { IncidentSubmit } from '@blotter/shared/schemas/incident-form';
import type { CloseIncidentBody } from '@blotter/shared/schemas/incident-view';
import { useState } from 'react';
import { toastSuccess, toastWarning } from '../../../lib/toast';
import { useCloseIncident } from '../api/close-incident';
import type { IncidentCreated } from '../api/create-incident';

interface CloseFromFormOptions {
  /** The form's submit check (marks the failing fields and shows the first message). */
  check: () => IncidentSubmit | undefined;
  /** Saves the working copy as the incident (closed by the server with `close`); undefined when refused. */
  save: (options: { announce: boolean; close?: CloseIncidentBody }) => Promise<IncidentCreated | undefined>;
  /** A new incident (a draft): submitted and closed by the server in one call. */
  isNew: boolean;
  onSubmitted: (saved: IncidentCreated) => void;
}

/**
 * 'Close incident' on the entry form. A new incident (a draft) is submitted with the Close dialog's
 * answer and the server creates and closes it in one transaction: nothing is left half done.
 * An incident being edited: Closed incidents cannot be
 * edited, so the pending edits are saved first, then the incident is closed:
 * 1. the form's submit rules are checked before the Close dialog opens (nothing to fill in vain);
 * 2. after the dialog and its confirmation the edits are saved (PUT /incidents, which removes the
 *    open-draft), then POST /incidents/close/{id};
 * 3. if the save is refused the dialog closes and the form shows why; if the close is refused the
 *    edits are saved all the same, the person is told so, and the form is left like after Save.
 */
export function useCloseFromForm({ check, save, onSubmitted, isNew }: CloseFromFormOptions) {
  const close = useCloseIncident();
  const [dialogOpen, setDialogOpen] = useState(false);

  const start = () => {
    if (check()) setDialogOpen(true);
  };

  const submit = async (body: CloseIncidentBody) => {
    if (isNew) {
      const created = await save({ announce: false, close: body });
      setDialogOpen(false);
      if (!created) return;
      toastSuccess(`Incident #${created.number} is closed.`);
      onSubmitted(created);
      return;
    }
    const saved = await save({ announce: false });
    if (!saved) {
      setDialogOpen(false);
      return;
    }
    try {
      await close.mutateAsync({ id: saved.id, body });
      toastSuccess(`Incident #${saved.number} is closed.`);
    } catch {
      // The server's message is shown by the client; the edits themselves are saved.
      toastWarning(`Incident #${saved.number} is saved, but it could not be closed.`);
    }
    setDialogOpen(false);
    onSubmitted(saved);
  };

  return { dialogOpen, start, submit, cancel: () => setDialogOpen(false) };
}
