import { IDEMPOTENCY_KEY_HEADER } from '@blotter/shared/constants';
import type { Draft } from '@blotter/shared/schemas/incident-form';
import type { Attachment, AttachmentRef } from '@blotter/shared/schemas/incident-parts';
import { apiFetch } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import type { OfflineIdentity } from '../../../lib/offline/identity';
import { uploadWithProgress } from '../../../lib/upload';
import { deleteOutboxItem, deletePhoto, getPhoto, listOutbox, type OutboxItem, setOutboxState } from './outbox';

/** How long a sent item stays in the outbox with its number. */
export const SENT_SHOWN_DAYS = 7;

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

/**
 * Sends one item: (1) a server draft, (2) each photo uploaded to it, (3) the incident from the
 * draft. Each step carries its own Idempotency-Key and its result is written to the phone before
 * the next, so an interrupted send resumes where it stopped and a repeated step is answered, not
 * redone: the same item never becomes two incidents.
 */
async function sendOne(identity: OfflineIdentity, start: OutboxItem): Promise<OutboxItem> {
  let item = await setOutboxState(identity, start, 'sending');
  if (!item.content.draftId) {
    const draft = await apiFetch<Draft>('/draftIncidents', {
      method: 'POST',
      body: { incidentId: null },
      headers: key(item, 'draft'),
    });
    item = await setOutboxState(identity, item, 'sending', { content: { draftId: draft.id } });
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
        incidentItemId: ref.incidentItemId ?? null,
        incidentVehicleId: ref.incidentVehicleId ?? null,
        name: ref.name,
        comments: ref.comments ?? '',
        file: new File([photo], `${ref.name}.jpg`, { type: photo.type || 'image/jpeg' }),
      },
      headers: key(item, `photo:${ref.id}`),
    });
    item = await setOutboxState(identity, item, 'sending', {
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
  return setOutboxState(identity, item, 'sent', {
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
    const items = await listOutbox(identity);
    // A sent item shows its number for a week, unless dismissed earlier.
    const shownSince = Date.now() - SENT_SHOWN_DAYS * 86_400_000;
    for (const item of items) {
      if (item.state === 'sent' && item.sent && Date.parse(item.sent.at) < shownSince) await deleteOutboxItem(item.id);
    }
    for (const item of items) {
      if (item.state !== 'waiting' && item.state !== 'sending') continue;
      try {
        const sent = await sendOne(identity, item);
        if (sent.sent) result.sent.push({ itemId: sent.id, number: sent.sent.number });
        for (const ref of (item.content.data.attachments ?? []) as AttachmentRef[]) {
          await deletePhoto(ref.id);
        }
      } catch (error) {
        const latest = (await listOutbox(identity)).find((one) => one.id === item.id) ?? item;
        if (isRefusal(error)) {
          // The draft went away (deleted elsewhere): the next attempt starts a new one.
          const lostDraft = error.status === 404;
          await setOutboxState(identity, latest, 'refused', {
            content: { refusal: error.message, ...(lostDraft ? { draftId: null, uploaded: {} } : {}) },
          });
          result.refused += 1;
          continue;
        }
        await setOutboxState(identity, latest, 'waiting');
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

/** A refused item, corrected in the form, goes back in the queue with a new attempt number. */
export async function requeue(identity: OfflineIdentity, item: OutboxItem): Promise<void> {
  await setOutboxState(identity, item, 'waiting', {
    queuedAt: item.queuedAt ?? new Date().toISOString(),
    content: { attempt: item.content.attempt + 1, refusal: null },
  });
}
