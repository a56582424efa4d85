import type { Draft } from '@blotter/shared/schemas/incident-form';
import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useInitData } from '../../../lib/api/get-init-data';
import { useSession } from '../../../lib/auth/session-context';
import { queryKeys } from '../../../lib/query-keys';
import { useCreateDraft } from '../api/create-draft';
import { deleteDraft } from '../api/delete-draft';
import { useDraft } from '../api/get-draft';
import { trackWorkingCopy } from '../api/save-draft';
import { useCopyOpenElsewhere } from '../hooks/use-copy-presence';
import { IncidentEntryForm } from './form/incident-entry-form';
import { FoundCopyDialog } from './found-copy-dialog';

export interface IncidentEditorProps {
  incidentId: string;
  /** Save (or Close incident) went through: the incident on the server is up to date. */
  onSaved: () => void;
  /** Editing cannot start (e.g. 'Cannot edit closed incident', shown as a toast) or was given up. */
  onCancel: () => void;
  /** The user may close this incident: the form offers 'Close incident' (the viewer knows from its actions). */
  canClose?: boolean;
  /** A save was refused: the viewer refetches the incident (it may be closed or changed meanwhile). */
  onRefused?: (() => void) | undefined;
}

/**
 * Edits an open incident in place (the viewer's edit mode): opens the user's working copy of it
 * (POST /draftIncidents with incidentId, the same working copy /newincident?incident=<id> uses, so
 * unsaved edits carry over between the two) and shows the entry form with its autosave. A copy
 * made now is stored only at its first change; a stored copy found on opening is offered for
 * confirmation first (spec 1 §4 view flow), saying whether the incident changed since.
 */
export function IncidentEditor({ incidentId, onSaved, onCancel, canClose, onRefused }: IncidentEditorProps) {
  const { claims } = useSession();
  const initData = useInitData();
  const queryClient = useQueryClient();
  const create = useCreateDraft();
  const [draftId, setDraftId] = useState<string | undefined>(undefined);
  const [found, setFound] = useState<Draft | undefined>(undefined);
  const [discarding, setDiscarding] = useState(false);
  // Each opening of a copy remounts the form (a reloaded copy keeps its id).
  const [generation, setGeneration] = useState(0);
  const draft = useDraft(draftId);
  const openElsewhere = useCopyOpenElsewhere(found?.id);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  // One working copy per incident shown, also when effects run twice (React's strict mode).
  const started = useRef<string | undefined>(undefined);

  const { mutate } = create;
  const openCopy = useCallback(
    (confirmFound: boolean) =>
      mutate(incidentId, {
        onSuccess: (created) => {
          trackWorkingCopy(created);
          queryClient.setQueryData(queryKeys.drafts.workingCopy(created.id), created);
          if (created.stored && confirmFound) {
            setFound(created);
            return;
          }
          setDraftId(created.id);
          setGeneration((n) => n + 1);
          void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.list });
        },
        // The server's message ('Cannot edit closed incident') is shown as a toast by the client.
        onError: () => cancel.current(),
      }),
    [incidentId, mutate, queryClient],
  );

  useEffect(() => {
    if (started.current === incidentId) return;
    started.current = incidentId;
    openCopy(true);
  }, [incidentId, openCopy]);

  const accept = () => {
    if (!found) return;
    setDraftId(found.id);
    setGeneration((n) => n + 1);
    setFound(undefined);
  };
  const decline = async () => {
    if (!found) return;
    setDiscarding(true);
    try {
      await deleteDraft(found.id);
    } catch {
      // Already gone: the incident is opened afresh all the same.
    }
    setFound(undefined);
    setDiscarding(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.list });
    openCopy(false);
  };
  // After a stale save: the copy is discarded; open the current incident.
  const reload = () => {
    setDraftId(undefined);
    openCopy(false);
  };

  // The draft answers signed URLs of its person pictures, which the cards show.
  useEffect(() => {
    for (const [key, url] of Object.entries(draft.data?.pictureUrls ?? {})) {
      queryClient.setQueryData(queryKeys.incidents.personPicture(key), url);
    }
  }, [draft.data, queryClient]);

  if (initData.isError || draft.isError) {
    return <Alert severity="error">The incident could not be opened for editing. Go back and try again.</Alert>;
  }
  if (found) {
    return (
      <FoundCopyDialog
        copy={found}
        dateFormat={initData.data?.companySettings.dateFormat ?? 0}
        busy={discarding}
        openElsewhere={openElsewhere}
        onAccept={accept}
        onDecline={() => void decline()}
      />
    );
  }
  if (!initData.data || !draft.data) return <PageLoader />;
  return (
    <IncidentEntryForm
      key={`${draft.data.id}:${generation}`}
      draft={draft.data}
      initData={initData.data}
      userId={claims?.userId ?? ''}
      canClose={canClose}
      onSubmitted={onSaved}
      onDeleted={onCancel}
      onReload={reload}
      onRefused={onRefused}
    />
  );
}
