import type { Draft } from '@blotter/shared/schemas/incident-form';
import type { DraftRow } from '@blotter/shared/schemas/incidents';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../../lib/query-keys';
import { useCreateDraft } from '../api/create-draft';
import { useDraft } from '../api/get-draft';
import { trackWorkingCopy } from '../api/save-draft';

export type WorkingDraftState =
  | { step: 'loading' }
  /** Saved drafts exist: the selector is open. */
  | { step: 'choose' }
  /** The selector was dismissed with 'Not Now' (or the list could not be loaded). */
  | { step: 'dismissed' }
  | { step: 'ready'; draft: Draft }
  /** The draft in the address could not be loaded (deleted, or not this user's). */
  | { step: 'missing' };

interface WorkingDraftOptions {
  /** The saved drafts, once loaded (only needed when the address names no draft or incident). */
  savedDrafts: readonly DraftRow[] | undefined;
  savedDraftsFailed: boolean;
  /** A working copy was created (the draft lists changed). */
  onCreated: () => void;
}

/**
 * The draft flow of /newincident (spec 1 §4). The working copy's id is kept in the address
 * (?draft=<id>), so a reload reopens it without asking again:
 * - ?draft=<id>: that working copy;
 * - ?incident=<id>: the open-draft of an open incident (a closed one is refused, back to /dashboard);
 * - neither: the saved drafts are offered when there are any, otherwise a new draft is created.
 */
export function useWorkingDraft({ savedDrafts, savedDraftsFailed, onCreated }: WorkingDraftOptions) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The draft just created or chosen, until the URL (updated in a transition) says so too: without it
  // a list refreshed in between would offer the new draft in the selector for a moment.
  const [pickedId, setPickedId] = useState<string | undefined>(undefined);
  const urlDraftId = params.get('draft') ?? undefined;
  const draftId = urlDraftId ?? pickedId;
  useEffect(() => {
    if (urlDraftId) setPickedId(undefined);
  }, [urlDraftId]);
  const incidentId = params.get('incident') ?? undefined;
  const draft = useDraft(draftId);
  const create = useCreateDraft();
  const [dismissed, setDismissed] = useState(false);
  // One creation per request, also when effects run twice (React's strict mode).
  const started = useRef<string | undefined>(undefined);

  const choose = useCallback(
    (id: string) => {
      setPickedId(id);
      setParams({ draft: id }, { replace: true });
    },
    [setParams],
  );

  const createWorkingCopy = useCallback(
    (forIncident: string | null) =>
      create.mutate(forIncident, {
        onSuccess: (created) => {
          trackWorkingCopy(created);
          queryClient.setQueryData(queryKeys.drafts.workingCopy(created.id), created);
          setPickedId(created.id);
          // A copy of an incident not stored yet cannot be read back by its id: ?incident= stays.
          if (created.stored) setParams({ draft: created.id }, { replace: true });
          onCreated();
        },
        // The server's message ('Cannot edit closed incident') is shown as a toast.
        onError: () => {
          if (forIncident) navigate('/dashboard', { replace: true });
        },
      }),
    [create.mutate, queryClient, onCreated, setParams, navigate],
  );

  useEffect(() => {
    if (draftId || !incidentId || started.current === `incident:${incidentId}`) return;
    started.current = `incident:${incidentId}`;
    createWorkingCopy(incidentId);
  }, [draftId, incidentId, createWorkingCopy]);

  useEffect(() => {
    if (draftId || incidentId || !savedDrafts || savedDrafts.length > 0 || started.current === 'new') return;
    started.current = 'new';
    createWorkingCopy(null);
  }, [draftId, incidentId, savedDrafts, createWorkingCopy]);

  // The draft answers signed URLs of its person pictures: the cards show them after a reload too.
  useEffect(() => {
    for (const [key, url] of Object.entries(draft.data?.pictureUrls ?? {})) {
      queryClient.setQueryData(queryKeys.incidents.personPicture(key), url);
    }
  }, [draft.data, queryClient]);

  let state: WorkingDraftState = { step: 'loading' };
  if (draftId) {
    if (draft.data) state = { step: 'ready', draft: draft.data };
    else if (draft.isError) state = { step: 'missing' };
  } else if (!incidentId) {
    if (savedDraftsFailed) state = { step: 'dismissed' };
    else if (savedDrafts && savedDrafts.length > 0) state = { step: dismissed ? 'dismissed' : 'choose' };
  }

  return {
    state,
    creating: create.isPending,
    choose,
    createNew: () => createWorkingCopy(null),
    dismiss: () => setDismissed(true),
    /** After a stale save (the copy is discarded): open the current incident afresh. */
    reloadIncident: (id: string) => {
      started.current = undefined;
      setPickedId(undefined);
      setParams({ incident: id }, { replace: true });
    },
    reopenSelector: () => setDismissed(false),
  };
}
