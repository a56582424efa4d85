import type { InitData } from '@blotter/shared/schemas/commons';
import {
  type IncidentFields,
  type IncidentFieldsInput,
  incidentSubmitSchema,
} from '@blotter/shared/schemas/incident-form';
import type { AttachmentRef } from '@blotter/shared/schemas/incident-parts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { startTransition, useEffect, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import type { OfflineIdentity } from '../../../../lib/offline/identity';
import { toastError, toastSuccess, toastWarning } from '../../../../lib/toast';
import { IncidentSectionsRest, IncidentSectionsTop } from '../../components/form/incident-sections';
import { RichTextFlushContext } from '../../components/form/rich-text-flush-context';
import { createFlushRegistry } from '../../utils/flush-registry';
import { incidentResolver, type SubmitAttempt } from '../../utils/incident-resolver';
import { orderedIssues } from '../../utils/submit-issues';
import { OfflineCaptureContext } from '../offline-capture';
import {
  deleteOutboxItem,
  EDITABLE_STATES,
  type OutboxItem,
  prunePhotos,
  putOutboxItemIf,
  queueOutboxItem,
  requestOutboxSync,
} from '../outbox';

/** How long after the last change the form is written to the phone. */
const AUTOSAVE_MS = 400;

interface OfflineIncidentFormProps {
  identity: OfflineIdentity;
  item: OutboxItem;
  initData: InitData;
  /** The phone cannot send now (offline, or an offline start without a session). */
  sendsLater: boolean;
}

/**
 * The entry form recording an incident on the phone (issue 30): the same sections and rules as the
 * online form, written to the phone's outbox (encrypted) as it is typed, so nothing is lost when
 * the tab is killed; Save queues it to be sent, the sections keep photos on the phone.
 */
export function OfflineIncidentForm({ identity, item, initData, sendsLater }: OfflineIncidentFormProps) {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const [registry] = useState(createFlushRegistry);
  const [attempt] = useState<SubmitAttempt>(() => ({ attempted: false }));
  const [resolver] = useState(() => incidentResolver(attempt));
  const methods = useForm<IncidentFieldsInput, unknown, IncidentFields>({
    resolver,
    mode: 'onTouched',
    defaultValues: item.content.data,
  });
  const current = useRef(item);
  const stored = useRef(item.updatedAt !== item.createdAt || item.state !== 'editing');
  const [saving, setSaving] = useState(false);
  // The sections below Where (the rich-text editor among them) render once the top of the form can
  // be typed into: on a slow phone offline that is most of the start's time.
  const [whole, setWhole] = useState(false);
  useEffect(() => {
    if (whole) return;
    // A transition: React renders them in slices, so the fields above stay responsive meanwhile.
    const show = () => startTransition(() => setWhole(true));
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(show, { timeout: 400 })
      : window.setTimeout(show, 100);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [whole]);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  /** The form's writes, one after another: a late autosave never lands after Save's write. */
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const inSequence = <T,>(write: () => Promise<T>): Promise<T> => {
    const next = writes.current.then(write, write);
    writes.current = next.catch(() => undefined);
    return next;
  };
  /** The item is being sent or was sent meanwhile (another tab): what the form holds is not kept. */
  const taken = () => {
    toastWarning('This incident is being sent or was sent meanwhile: the change was not kept.');
    navigate('/outbox');
  };

  /** Writes what is typed to the phone; the first write puts the item's id in the address. */
  const writeNow = () =>
    inSequence(async () => {
      const data = methods.getValues();
      // Editing a queued item takes it out of the queue until Save; a refused one keeps its message.
      const state = current.current.state === 'waiting' ? 'editing' : current.current.state;
      const next = { ...current.current, state, content: { ...current.current.content, data } };
      const written = await putOutboxItemIf(
        identity,
        next,
        (stored) => !stored || EDITABLE_STATES.includes(stored.state),
      );
      if (!written) return taken();
      current.current = written;
      if (!stored.current) {
        stored.current = true;
        setParams({ offline: written.id }, { replace: true });
      }
    });

  const timer = useRef<number | undefined>(undefined);
  const pending = useRef(false);
  const writeRef = useRef(writeNow);
  writeRef.current = writeNow;
  useEffect(() => {
    const flush = () => {
      window.clearTimeout(timer.current);
      if (!pending.current) return;
      pending.current = false;
      void writeRef.current().catch(() => toastError('The incident could not be kept on this phone.'));
    };
    const subscription = methods.watch(() => {
      pending.current = true;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, AUTOSAVE_MS);
    });
    const onHide = () => {
      registry.flushAll();
      flush();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [methods, registry]);

  const save = async () => {
    attempt.attempted = true;
    registry.flushAll();
    methods.clearErrors();
    const result = incidentSubmitSchema.safeParse(methods.getValues());
    if (!result.success) {
      const issues = orderedIssues(result.error.issues);
      issues.forEach((issue, index) => {
        methods.setError(
          issue.name as FieldPath<IncidentFieldsInput>,
          { type: 'submit', message: issue.message },
          { shouldFocus: index === 0 },
        );
      });
      if (issues[0]) toastError(issues[0].message);
      return;
    }
    setSaving(true);
    window.clearTimeout(timer.current);
    pending.current = false;
    try {
      const data = methods.getValues();
      const refs = (data.attachments ?? []) as AttachmentRef[];
      await prunePhotos(current.current.id, new Set(refs.map((ref) => ref.id)));
      const queued = await inSequence(() => queueOutboxItem(identity, current.current, data));
      if (!queued) {
        taken();
        return;
      }
      current.current = queued;
      stored.current = true;
      requestOutboxSync();
      toastSuccess(
        sendsLater
          ? 'Saved on this phone. It will be sent when the network is back.'
          : 'Saved on this phone. Sending it now.',
      );
      navigate('/outbox');
    } catch {
      toastError('The incident could not be kept on this phone.');
      setSaving(false);
    }
  };

  const remove = async () => {
    setConfirmingDelete(false);
    window.clearTimeout(timer.current);
    pending.current = false;
    stored.current = true;
    await inSequence(() => deleteOutboxItem(current.current.id));
    navigate('/outbox');
  };

  const capture = { identity, itemId: item.id };
  return (
    <OfflineCaptureContext value={capture}>
      <FormProvider {...methods}>
        <RichTextFlushContext value={registry}>
          <Box component="form" noValidate onSubmit={(event) => event.preventDefault()}>
            <Stack spacing={3}>
              {item.state === 'refused' && item.content.refusal && (
                <Alert severity="error">The server refused this incident: {item.content.refusal}</Alert>
              )}
              <Alert severity="info">
                Recording on this phone: the incident is kept here, encrypted, and sent when the network is back.
              </Alert>
              <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                <TextField
                  label="Entered by"
                  value={identity.claims.name || 'Unknown'}
                  fullWidth
                  slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
                  helperText="The person who entered the incident."
                />
              </Paper>
              <IncidentSectionsTop initData={initData} number={null} status={0} />
              {whole && <IncidentSectionsRest initData={initData} workingCopyId={item.id} />}
              <Paper
                variant="outlined"
                sx={{
                  p: 2,
                  position: 'sticky',
                  bottom: 0,
                  zIndex: 2,
                  display: 'flex',
                  gap: 2,
                  justifyContent: 'flex-end',
                }}
              >
                <Button color="error" onClick={() => setConfirmingDelete(true)} disabled={saving}>
                  Delete
                </Button>
                <Button variant="contained" onClick={() => void save()} disabled={saving}>
                  Save
                </Button>
              </Paper>
            </Stack>
          </Box>
        </RichTextFlushContext>
      </FormProvider>
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete from this phone"
        message="Delete this incident and its photos from this phone? It has not been sent."
        confirmLabel="Delete"
        destructive
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </OfflineCaptureContext>
  );
}
