import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import type { OfflineIdentity } from '../../../lib/offline/identity';
import { type OutboxRecord, type OutboxState, offlineDb, type PhotoRecord } from '../../../lib/offline/offline-db';
import { seal, sealJson, unseal, unsealJson } from '../../../lib/offline/sealed';
import { OUTBOX_SYNC_TAG } from '../../../lib/offline/sw-messages';

/** What is sealed in an outbox item: the form's values and how far its sending got. */
export interface OutboxContent {
  data: IncidentFieldsInput;
  /** The server draft its photos were uploaded to (step 1 of the send). */
  draftId: string | null;
  /** Server attachment ids of the photos uploaded so far, by the photo's id in the form. */
  uploaded: Record<string, string>;
  /** Bumped each time a refused item is queued again: a corrected body needs a new key. */
  attempt: number;
  /** The server's message when it refused the item. */
  refusal: string | null;
}

export interface OutboxItem extends Omit<OutboxRecord, 'sealed'> {
  content: OutboxContent;
}

const CHANNEL = 'blotter-outbox';
const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;

/** Tells this page's lists and the app's other tabs that the outbox changed. */
function changed() {
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}

/** Called on every change of the outbox, in this tab or another. */
export function onOutboxChange(listener: () => void): () => void {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => {
      for (const one of listeners) one();
    };
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function open(identity: OfflineIdentity, record: OutboxRecord): Promise<OutboxItem | undefined> {
  if (record.owner !== identity.owner) return undefined;
  const content = await unsealJson<OutboxContent>(identity.key, record.sealed).catch(() => undefined);
  if (!content) return undefined;
  const { sealed: _sealed, ...rest } = record;
  return { ...rest, content };
}

/** The user's items, oldest first (the order they are sent in). */
export async function listOutbox(identity: OfflineIdentity): Promise<OutboxItem[]> {
  const db = await offlineDb();
  const records = await db.getAllFromIndex('outbox', 'owner', identity.owner);
  const items = await Promise.all(records.map((record) => open(identity, record)));
  return items
    .filter((item): item is OutboxItem => item !== undefined)
    .sort((a, b) => (a.queuedAt ?? a.createdAt).localeCompare(b.queuedAt ?? b.createdAt));
}

/**
 * The user's items that their key no longer opens (the server's secret was changed since they were
 * recorded): they cannot be sent, and are shown as such rather than left out without a word.
 */
export async function lockedOutboxItems(identity: OfflineIdentity): Promise<string[]> {
  const db = await offlineDb();
  const records = await db.getAllFromIndex('outbox', 'owner', identity.owner);
  const opened = await Promise.all(records.map((record) => open(identity, record)));
  return records.filter((_, index) => opened[index] === undefined).map((record) => record.id);
}

/** How many of the user's items wait to be sent (without decrypting them). */
export async function countWaiting(owner: string): Promise<number> {
  const db = await offlineDb();
  const records = await db.getAllFromIndex('outbox', 'owner', owner);
  return records.filter((record) => record.state === 'waiting' || record.state === 'sending').length;
}

/** How many of the user's items are not on the server yet (being typed, waiting or refused). */
export async function countUnsent(owner: string): Promise<number> {
  const db = await offlineDb();
  const records = await db.getAllFromIndex('outbox', 'owner', owner);
  return records.filter((record) => record.state !== 'sent').length;
}

export async function getOutboxItem(identity: OfflineIdentity, id: string): Promise<OutboxItem | undefined> {
  const db = await offlineDb();
  const record = await db.get('outbox', id);
  return record ? open(identity, record) : undefined;
}

/** Writes the item (sealing its content again). */
export async function putOutboxItem(identity: OfflineIdentity, item: OutboxItem): Promise<void> {
  await putOutboxItemIf(identity, item, () => true);
}

/**
 * Writes the item only if what is stored still allows it, checked and written in one transaction:
 * the form and the sender change the same items, and neither may overwrite the other's state (an
 * edit arriving while the item is being sent, a stale copy of a sent one). Answers whether it wrote.
 */
export async function putOutboxItemIf(
  identity: OfflineIdentity,
  item: OutboxItem,
  allow: (stored: OutboxRecord | undefined) => boolean,
): Promise<OutboxItem | undefined> {
  const { content, ...rest } = item;
  const record: OutboxRecord = {
    ...rest,
    owner: identity.owner,
    updatedAt: new Date().toISOString(),
    // Sealed first: a transaction must not wait on anything else, or it commits on its own.
    sealed: await sealJson(identity.key, content),
  };
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const stored = await tx.store.get(item.id);
  if (!allow(stored)) {
    await tx.done;
    return undefined;
  }
  await tx.store.put(record);
  await tx.done;
  changed();
  return { ...item, updatedAt: record.updatedAt };
}

/** The states in which the person may change an item in the form. */
export const EDITABLE_STATES: readonly OutboxState[] = ['editing', 'waiting', 'refused'];

/** Whether the form may open the item: not while it is sent, nor once its send has begun. */
export const isEditable = (item: OutboxItem) =>
  EDITABLE_STATES.includes(item.state) && !(item.state === 'waiting' && item.content.draftId);

/** A new item being typed: it exists on the phone from the first keystroke. */
export function newOutboxItem(identity: OfflineIdentity, data: IncidentFieldsInput): OutboxItem {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    owner: identity.owner,
    state: 'editing',
    createdAt: now,
    updatedAt: now,
    queuedAt: null,
    sent: null,
    content: { data, draftId: null, uploaded: {}, attempt: 0, refusal: null },
  };
}

export async function setOutboxState(
  identity: OfflineIdentity,
  item: OutboxItem,
  state: OutboxState,
  change: Partial<Pick<OutboxItem, 'queuedAt' | 'sent'>> & { content?: Partial<OutboxContent> } = {},
): Promise<OutboxItem> {
  const next: OutboxItem = {
    ...item,
    ...change,
    state,
    content: { ...item.content, ...change.content },
  };
  await putOutboxItem(identity, next);
  return next;
}

/**
 * Save in the form: the item goes into the queue with what was typed. A refused item gets a new
 * attempt number, so its corrected body is sent under new keys. Refused (undefined) when the item
 * is being sent or was sent meanwhile.
 */
export function queueOutboxItem(
  identity: OfflineIdentity,
  item: OutboxItem,
  data: IncidentFieldsInput,
): Promise<OutboxItem | undefined> {
  const { content } = item;
  const next: OutboxItem = {
    ...item,
    state: 'waiting',
    queuedAt: item.queuedAt ?? new Date().toISOString(),
    content: {
      ...content,
      data,
      refusal: null,
      attempt: item.state === 'refused' ? content.attempt + 1 : content.attempt,
    },
  };
  return putOutboxItemIf(identity, next, (stored) => !stored || EDITABLE_STATES.includes(stored.state));
}

/** Asks the service worker to wake the app when the network is back (Background Sync). */
export function requestOutboxSync() {
  void navigator.serviceWorker?.ready
    .then((registration) => {
      const sync = (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
        .sync;
      return sync?.register(OUTBOX_SYNC_TAG);
    })
    .catch(() => undefined);
}

/** Sent items show their number for a week unless dismissed earlier. */
export const SENT_SHOWN_DAYS = 7;

export async function purgeSent(identity: OfflineIdentity): Promise<void> {
  const shownSince = Date.now() - SENT_SHOWN_DAYS * 86_400_000;
  const db = await offlineDb();
  for (const record of await db.getAllFromIndex('outbox', 'owner', identity.owner)) {
    if (record.state === 'sent' && record.sent && Date.parse(record.sent.at) < shownSince) {
      await deleteOutboxItem(record.id);
    }
  }
}

/** Removes an item and its photos. */
export async function deleteOutboxItem(id: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['outbox', 'photos'], 'readwrite');
  await tx.objectStore('outbox').delete(id);
  const photos = tx.objectStore('photos');
  for (const key of await photos.index('itemId').getAllKeys(id)) await photos.delete(key);
  await tx.done;
  changed();
}

/** Keeps a (resized) photo of an item, sealed. */
export async function putPhoto(identity: OfflineIdentity, itemId: string, id: string, blob: Blob): Promise<void> {
  const record: PhotoRecord = {
    id,
    itemId,
    owner: identity.owner,
    type: blob.type,
    size: blob.size,
    sealed: await seal(identity.key, await blob.arrayBuffer()),
  };
  const db = await offlineDb();
  await db.put('photos', record);
}

export async function getPhoto(identity: OfflineIdentity, id: string): Promise<Blob | undefined> {
  const db = await offlineDb();
  const record = await db.get('photos', id);
  if (!record || record.owner !== identity.owner) return undefined;
  const bytes = await unseal(identity.key, record.sealed).catch(() => undefined);
  return bytes ? new Blob([bytes], { type: record.type }) : undefined;
}

export async function deletePhoto(id: string): Promise<void> {
  const db = await offlineDb();
  await db.delete('photos', id);
}

/** Photos of an item that its form no longer refers to (removed cards) are dropped. */
export async function prunePhotos(itemId: string, keep: ReadonlySet<string>): Promise<void> {
  const db = await offlineDb();
  const keys = await db.getAllKeysFromIndex('photos', 'itemId', itemId);
  for (const key of keys) if (!keep.has(key)) await db.delete('photos', key);
}
