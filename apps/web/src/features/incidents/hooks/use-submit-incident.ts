import { INCIDENT_STATUS } from '@blotter/shared/constants';
import {
  type Draft,
  type IncidentFieldsInput,
  type IncidentSubmit,
  incidentSubmitSchema,
} from '@blotter/shared/schemas/incident-form';
import type { CloseIncidentBody } from '@blotter/shared/schemas/incident-view';
import { useState } from 'react';
import { type FieldPath, useFormContext } from 'react-hook-form';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { toastError, toastSuccess } from '../../../lib/toast';
import { type IncidentCreated, useCreateIncident } from '../api/create-incident';
import { useUpdateIncident } from '../api/update-incident';
import type { FlushRegistry } from '../utils/flush-registry';
import type { SubmitAttempt } from '../utils/incident-resolver';
import { type KeptRefusal, keptRefusalOf } from '../utils/kept-refusal';
import { removeLocalCopy } from '../utils/local-draft-copy';
import { orderedIssues } from '../utils/submit-issues';
import type { DraftAutosave } from './use-draft-autosave';

interface SubmitOptions {
  draft: Draft;
  autosave: DraftAutosave;
  /** Marked on Save: from then on the form checks the submit rules as fields change. */
  attempt: SubmitAttempt;
  registry: FlushRegistry | null;
  onSubmitted: (saved: IncidentCreated) => void;
  /** The server refused the save (4xx): the incident may have changed, been closed or deleted. */
  onRefused?: (() => void) | undefined;
}

/**
 * Save (spec 1 §4, §5): validates with the shared submit schema (the first issue is shown, every
 * failing field and section is marked), then creates the incident from a draft (status 0) or
 * updates the open incident being edited (status 3). The autosave is stopped first, so no draft
 * save can arrive after the server removed the draft.
 */
export function useSubmitIncident({ draft, autosave, attempt, registry, onSubmitted, onRefused }: SubmitOptions) {
  const { getValues, setError, clearErrors } = useFormContext<IncidentFieldsInput>();
  const create = useCreateIncident();
  const update = useUpdateIncident();
  const [submitting, setSubmitting] = useState(false);
  /** The server's message when the save came from a copy of an older version of the incident. */
  const [stale, setStale] = useState<string | undefined>(undefined);
  /** The incident was closed or deleted meanwhile: the form keeps the typed copy (issue 27). */
  const [kept, setKept] = useState<KeptRefusal | undefined>(undefined);

  /** Checks the submit rules; marks every failing field and shows the first message. */
  const check = (): IncidentSubmit | undefined => {
    attempt.attempted = true;
    registry?.flushAll();
    clearErrors();
    const result = incidentSubmitSchema.safeParse(getValues());
    if (result.success) return result.data;
    const issues = orderedIssues(result.error.issues);
    issues.forEach((issue, index) => {
      setError(
        issue.name as FieldPath<IncidentFieldsInput>,
        { type: 'submit', message: issue.message },
        { shouldFocus: index === 0 },
      );
    });
    if (issues[0]) toastError(issues[0].message);
    return undefined;
  };

  /**
   * Checks and saves the working copy as the incident; undefined when it was refused (the form
   * shows why and keeps autosaving). `announce: false` leaves the success message to the caller;
   * `close` (a new incident only) has the server close it in the same transaction.
   */
  const save = async ({
    announce = true,
    close,
  }: {
    announce?: boolean;
    close?: CloseIncidentBody;
  } = {}): Promise<IncidentCreated | undefined> => {
    if (submitting) return undefined;
    const data = check();
    if (!data) return undefined;
    setSubmitting(true);
    await autosave.saver.stop();
    try {
      const editing = draft.status === INCIDENT_STATUS.EDITING && draft.incidentId;
      const saved = editing
        ? await update.mutateAsync({
            id: draft.incidentId ?? '',
            incident: data,
            draftId: draft.id,
            baseVersion: draft.baseVersion,
          })
        : await create.mutateAsync({ incident: data, draftId: draft.id, ...(close ? { close } : {}) });
      try {
        removeLocalCopy(window.localStorage, autosave.localKey);
      } catch {
        // No storage: nothing to remove.
      }
      if (announce) toastSuccess(`Incident #${saved.number} is saved.`);
      setKept(undefined);
      return saved;
    } catch (error) {
      // The error toast shows the server's message already; the When section repeats it.
      setError('root.server', { type: 'server', message: errorMessage(error) });
      autosave.saver.start();
      autosave.saver.changed();
      setSubmitting(false);
      // Someone changed the incident meanwhile (or closed, deleted it): show what is current.
      if (error instanceof ApiError && error.code === 'STALE_INCIDENT') setStale(error.message);
      setKept(keptRefusalOf(error));
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) onRefused?.();
      return undefined;
    }
  };

  const submit = async () => {
    const saved = await save();
    if (saved) onSubmitted(saved);
  };

  return { submit, save, check, submitting, stale, dismissStale: () => setStale(undefined), kept };
}
