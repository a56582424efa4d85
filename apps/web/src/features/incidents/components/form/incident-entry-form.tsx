import type { InitData } from '@blotter/shared/schemas/commons';
import type { Draft, IncidentFields, IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toastInfo } from '../../../../lib/toast';
import type { IncidentCreated } from '../../api/create-incident';
import { useAnnounceOpenCopy } from '../../hooks/use-copy-presence';
import { useDraftAutosave } from '../../hooks/use-draft-autosave';
import { createFlushRegistry } from '../../utils/flush-registry';
import { formValuesOf } from '../../utils/form-values';
import { incidentResolver, type SubmitAttempt } from '../../utils/incident-resolver';
import {
  type LocalDraftCopy,
  localCopyKey,
  readLocalCopy,
  removeLocalCopy,
  restoreDecision,
} from '../../utils/local-draft-copy';
import { FormActions } from './form-actions';
import { FormHeader } from './form-header';
import { IncidentSectionsRest, IncidentSectionsTop } from './incident-sections';
import { RestoreOffer } from './restore-offer';
import { RichTextFlushContext } from './rich-text-flush-context';

interface IncidentEntryFormProps {
  /** The working copy: a draft (status 0) or the open-draft of an incident being edited (3). */
  draft: Draft;
  initData: InitData;
  userId: string;
  onSubmitted: (saved: IncidentCreated) => void;
  onDeleted: () => void;
  /** The user may close the incident being edited (see FormActions); the privileges decide without it. */
  canClose?: boolean;
  /** After a save refused as stale, Reload: the copy is discarded, the page opens the current incident. */
  onReload?: (() => void) | undefined;
  /** The server refused a save: the page refreshes what it shows of the incident. */
  onRefused?: (() => void) | undefined;
}

interface Start {
  values: IncidentFields;
  /** Unsaved data from this browser was put in the form. */
  restored: boolean;
  /** Unsaved data from this browser that the person may restore. */
  offer: LocalDraftCopy | undefined;
  /** A browser copy with nothing worth keeping. */
  stale: boolean;
}

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The form's first values: the server's, or the browser's unsaved copy when that is newer. */
function startOf(draft: Draft, key: string): Start {
  const values = formValuesOf(draft);
  const store = browserStorage();
  const copy = store ? readLocalCopy(store, key) : undefined;
  if (!copy) return { values, restored: false, offer: undefined, stale: false };
  const decision = restoreDecision(copy, draft);
  if (decision === 'restore') return { values: copy.data, restored: true, offer: undefined, stale: false };
  if (decision === 'offer') return { values, restored: false, offer: copy, stale: false };
  return { values, restored: false, offer: undefined, stale: true };
}

/**
 * The incident entry form (spec 1 §2): one react-hook-form over the whole incident (the shared
 * schema's fields), sections in the spec's order, autosaved into the working draft. The root does
 * not subscribe to values: each section and field subscribes to its own, so typing re-renders only
 * the field typed into.
 */
export function IncidentEntryForm({
  draft,
  initData,
  userId,
  onSubmitted,
  onDeleted,
  canClose,
  onReload,
  onRefused,
}: IncidentEntryFormProps) {
  const [registry] = useState(createFlushRegistry);
  const [localKey] = useState(() => localCopyKey(userId, draft.id));
  const [start] = useState(() => startOf(draft, localKey));
  const [offer, setOffer] = useState(start.offer);
  const [attempt] = useState<SubmitAttempt>(() => ({ attempted: false }));
  const [resolver] = useState(() => incidentResolver(attempt));
  const methods = useForm<IncidentFieldsInput, unknown, IncidentFields>({
    resolver,
    mode: 'onTouched',
    defaultValues: start.values,
  });
  const autosave = useDraftAutosave({
    draft,
    userId,
    getValues: methods.getValues,
    registry,
    startsUnsaved: start.restored,
  });

  useAnnounceOpenCopy(draft.id);

  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    if (start.restored) toastInfo('Changes that had not reached the server were restored from this browser.');
    const store = browserStorage();
    if (start.stale && store) removeLocalCopy(store, localKey);
  }, [start, localKey]);

  const restore = (copy: LocalDraftCopy) => {
    methods.reset(copy.data);
    setOffer(undefined);
    autosave.saver.changed();
  };
  const discard = () => {
    const store = browserStorage();
    if (store) removeLocalCopy(store, localKey);
    setOffer(undefined);
  };

  return (
    <FormProvider {...methods}>
      <RichTextFlushContext value={registry}>
        <Box component="form" noValidate onSubmit={(event) => event.preventDefault()}>
          <Stack spacing={3}>
            {offer && <RestoreOffer copy={offer} onRestore={() => restore(offer)} onDiscard={discard} />}
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <FormHeader enteredBy={draft.createUserName} />
            </Paper>
            <IncidentSectionsTop initData={initData} number={draft.number} status={draft.status} />
            <IncidentSectionsRest initData={initData} workingCopyId={draft.id} />
            <FormActions
              draft={draft}
              autosave={autosave}
              attempt={attempt}
              onSubmitted={onSubmitted}
              onDeleted={onDeleted}
              canClose={canClose}
              onReload={onReload}
              onRefused={onRefused}
            />
          </Stack>
        </Box>
      </RichTextFlushContext>
    </FormProvider>
  );
}
