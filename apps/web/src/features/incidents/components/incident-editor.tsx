import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useSession } from '../../../lib/auth/session-context';
import { useInitData } from '../../commons/api/get-init-data';
import { useCreateDraft } from '../api/create-draft';
import { draftQueryKey, useDraft } from '../api/get-draft';
import { DRAFT_LIST_KEY } from '../api/refresh-dashboard-lists';
import { personPictureQueryKey } from '../api/upload-person-picture';
import { IncidentEntryForm } from './form/incident-entry-form';

export interface IncidentEditorProps {
  incidentId: string;
  /** Save (or Close incident) went through: the incident on the server is up to date. */
  onSaved: () => void;
  /** Editing cannot start (e.g. 'Cannot edit closed incident', shown as a toast) or was given up. */
  onCancel: () => void;
  /** The user may close this incident: the form offers 'Close incident' (the viewer knows from its actions). */
  canClose?: boolean;
}

/**
 * Edits an open incident in place (the viewer's edit mode): opens the user's open-draft of it
 * (POST /draftIncidents with incidentId, the same working copy /newincident?incident=<id> uses, so
 * unsaved edits carry over between the two) and shows the entry form with its autosave.
 */
export function IncidentEditor({ incidentId, onSaved, onCancel, canClose }: IncidentEditorProps) {
  const { claims } = useSession();
  const initData = useInitData();
  const queryClient = useQueryClient();
  const create = useCreateDraft();
  const [draftId, setDraftId] = useState<string | undefined>(undefined);
  const draft = useDraft(draftId);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  // One working copy per incident shown, also when effects run twice (React's strict mode).
  const started = useRef<string | undefined>(undefined);

  const { mutate } = create;
  useEffect(() => {
    if (started.current === incidentId) return;
    started.current = incidentId;
    mutate(incidentId, {
      onSuccess: (created) => {
        queryClient.setQueryData(draftQueryKey(created.id), created);
        setDraftId(created.id);
        void queryClient.invalidateQueries({ queryKey: DRAFT_LIST_KEY, exact: true });
      },
      // The server's message ('Cannot edit closed incident') is shown as a toast by the client.
      onError: () => cancel.current(),
    });
  }, [incidentId, mutate, queryClient]);

  // The draft answers signed URLs of its person pictures, which the cards show.
  useEffect(() => {
    for (const [key, url] of Object.entries(draft.data?.pictureUrls ?? {})) {
      queryClient.setQueryData(personPictureQueryKey(key), url);
    }
  }, [draft.data, queryClient]);

  if (initData.isError || draft.isError) {
    return <Alert severity="error">The incident could not be opened for editing. Go back and try again.</Alert>;
  }
  if (!initData.data || !draft.data) return <PageLoader />;
  return (
    <IncidentEntryForm
      key={draft.data.id}
      draft={draft.data}
      initData={initData.data}
      userId={claims?.userId ?? ''}
      canClose={canClose}
      onSubmitted={onSaved}
      onDeleted={onCancel}
    />
  );
}
