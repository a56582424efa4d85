import { IDEMPOTENCY_KEY_HEADER } from '@blotter/shared/constants';
import type { Draft } from '@blotter/shared/schemas/incident-form';
import type { Attachment, AttachmentRef } from '@blotter/shared/schemas/incident-parts';
import { apiFetch } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import type { OfflineIdentity } from '../../../lib/offline/identity';
import type { OutboxState } from '../../../lib/offline/offline-db';
import { toastSuccess, toastWarning } from '../../../lib/toast';
import { uploadWithProgress } from '../../../lib/upload';
import {
  deletePhoto,
  getOutboxItem,
  getPhoto,
  listOutbox,
  type OutboxContent,
  type OutboxItem,
  purgeSent,
  putOutboxItemIf,
  requestOutboxSync,
} from './outbox';

export interface SendResult {
  sent: { itemId: string; number: number }[];
  refused: number;
  /** The network or the server went away: the rest waits for the next attempt. */
  interrupted: boolean;
}

/** A refusal worth keeping with the item; anything else means 'try again later'. */
function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)
  );
}

const key = (item: OutboxItem, step: string) => ({
  [IDEMPOTENCY_KEY_HEADER]: `${item.id}:${item.content.attempt}:${step}`,
});

/** A step of a claimed send: written only while the item is still being sent (nobody else's). */
async function advance(
  identity: OfflineIdentity,
  item: OutboxItem,
  state: OutboxState,
  change: Partial<Pick<OutboxItem, 'sent'>> & { content?: Partial<OutboxContent> } = {},
): Promise<OutboxItem> {
  const next: OutboxItem = { ...item, ...change, state, content: { ...item.content, ...change.content } };
  const written = await putOutboxItemIf(identity, next, (stored) => stored?.state === 'sending');
  if (!written) throw new Error('The item changed while it was being sent.');
  return written;
}

/**
 * Sends one item: (1) a server draft, (2) each photo uploaded to it, (3) the incident from the
 * draft. Each step carries its own Idempotency-Key and its result is written to the phone before
 * the next, so an interrupted send resumes where it stopped and a repeated step is answered, not
 * redone: the same item never becomes two incidents.
 */
async function sendOne(identity: OfflineIdentity, start: OutboxItem): Promise<OutboxItem | undefined> {
  // Claimed only if nobody changed it since it was read (the form reopened it meanwhile).
  const claimed = await putOutboxItemIf(
    identity,
    { ...start, state: 'sending' },
    (stored) => stored?.updatedAt === start.updatedAt && (stored.state === 'waiting' || stored.state === 'sending'),
  );
  if (!claimed) return undefined;
  let item = claimed;
  if (!item.content.draftId) {
    const draft = await apiFetch<Draft>('/draftIncidents', {
      method: 'POST',
      body: { incidentId: null },
      headers: key(item, 'draft'),
    });
    item = await advance(identity, item, 'sending', { content: { draftId: draft.id } });
  }
  const draftId = item.content.draftId ?? '';
  const refs = (item.content.data.attachments ?? []) as AttachmentRef[];
  for (const ref of refs) {
    if (item.content.uploaded[ref.id]) continue;
    const photo = await getPhoto(identity, ref.id);
    if (!photo)
      throw new ApiError(
        400,
        'PHOTO_MISSING',
        `The photo '${ref.name}' is no longer on this phone: remove it and save again.`,
      );
    const attachment = await uploadWithProgress<Attachment>('/incidents/attachments', {
      fields: {
        incidentId: draftId,
        // Uploaded to the empty draft, where the phone's vehicle and item cards are not yet: the
        // incident's references (below) tie each photo to its card when the incident is made.
        incidentItemId: null,
        incidentVehicleId: null,
        name: ref.name,
        comments: ref.comments ?? '',
        file: new File([photo], `${ref.name}.jpg`, { type: photo.type || 'image/jpeg' }),
      },
      headers: key(item, `photo:${ref.id}`),
    });
    item = await advance(identity, item, 'sending', {
      content: { uploaded: { ...item.content.uploaded, [ref.id]: attachment.id } },
    });
  }
  const uploaded = item.content.uploaded;
  const data = { ...item.content.data, attachments: refs.map((ref) => ({ ...ref, id: uploaded[ref.id] ?? ref.id })) };
  const created = await apiFetch<{ id: string; number: number }>('/incidents', {
    method: 'POST',
    body: { ...data, draftId, recordedOfflineAt: item.queuedAt ?? undefined },
    headers: key(item, 'submit'),
  });
  return advance(identity, item, 'sent', {
    sent: { id: created.id, number: created.number, at: new Date().toISOString() },
    // What was typed is on the server now: the phone keeps only the number it got.
    content: { data: { attachments: [] } as never, uploaded: {}, refusal: null },
  });
}

/**
 * Sends the user's waiting items, oldest first. One tab sends at a time (Web Locks); a refused item
 * stays with the server's message and the others go on; a network failure stops the round.
 */
export async function sendOutbox(identity: OfflineIdentity): Promise<SendResult> {
  const result: SendResult = { sent: [], refused: 0, interrupted: false };
  const run = async () => {
    await purgeSent(identity);
    const items = await listOutbox(identity);
    for (const item of items) {
      if (item.state !== 'waiting' && item.state !== 'sending') continue;
      try {
        const sent = await sendOne(identity, item);
        if (!sent) continue;
        if (sent.sent) result.sent.push({ itemId: sent.id, number: sent.sent.number });
        for (const ref of (item.content.data.attachments ?? []) as AttachmentRef[]) {
          await deletePhoto(ref.id);
        }
      } catch (error) {
        const latest = await getOutboxItem(identity, item.id);
        if (latest?.state !== 'sending') continue;
        if (isRefusal(error)) {
          // The draft went away (deleted elsewhere): the next attempt starts a new one.
          const lostDraft = error.status === 404;
          await advance(identity, latest, 'refused', {
            content: { refusal: error.message, ...(lostDraft ? { draftId: null, uploaded: {} } : {}) },
          }).catch(() => undefined);
          result.refused += 1;
          continue;
        }
        await advance(identity, latest, 'waiting').catch(() => undefined);
        result.interrupted = true;
        break;
      }
    }
  };
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request('blotter-outbox-send', { ifAvailable: true }, async (lock) => {
      if (lock) await run();
    });
  } else {
    await run();
  }
  return result;
}

/** Sends, then says what happened: 'Sent: Incident #n' for each, and how many were refused. */
export async function sendAndReport(identity: OfflineIdentity): Promise<SendResult> {
  const result = await sendOutbox(identity);
  for (const sent of result.sent) toastSuccess(`Sent: Incident #${sent.number}`);
  if (result.refused > 0) {
    toastWarning(
      result.refused === 1
        ? 'The server refused an incident recorded on this phone: open the outbox to correct it.'
        : `The server refused ${result.refused} incidents recorded on this phone: open the outbox to correct them.`,
    );
  }
  // Woken by the browser when the network is back, where it has Background Sync.
  if (result.interrupted) requestOutboxSync();
  return result;
}
