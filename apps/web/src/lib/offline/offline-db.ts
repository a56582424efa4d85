import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Owner } from './owner';
import type { Sealed } from './sealed';

export { type Owner, ownerOf } from './owner';

/** The states of an outbox item, shown on the Outbox page. */
export type OutboxState = 'editing' | 'waiting' | 'sending' | 'refused' | 'sent';

/**
 * An incident recorded on the phone. Only what the lists need without the key is in the clear
 * (state, times, the number it got); everything typed is in `sealed` (OutboxContent).
 */
export interface OutboxRecord {
  id: string;
  owner: Owner;
  state: OutboxState;
  createdAt: string;
  updatedAt: string;
  /** When Save put it in the queue: the order of sending, and recordedOfflineAt on the server. */
  queuedAt: string | null;
  /** The incident it became. */
  sent: { id: string; number: number; at: string } | null;
  sealed: Sealed;
}

/** A photo of an outbox item, resized on the phone, its bytes sealed. */
export interface PhotoRecord {
  /** The attachment reference's id in the item's form data. */
  id: string;
  itemId: string;
  owner: Owner;
  type: string;
  size: number;
  sealed: Sealed;
}

interface OfflineSchema extends DBSchema {
  /** The key of each owner who signed in on this phone and has not signed out. */
  keys: { key: Owner; value: CryptoKey };
  /** The user the app opens for when it starts without a network ('current'). */
  identity: { key: 'current'; value: { owner: Owner; sealed: Sealed } };
  /** The initial data (lookups, locations, settings) of each owner, for the offline form. */
  initData: { key: Owner; value: { version: string; sealed: Sealed } };
  outbox: { key: string; value: OutboxRecord; indexes: { owner: Owner } };
  photos: { key: string; value: PhotoRecord; indexes: { itemId: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let opening: Promise<OfflineDb> | undefined;

/** The phone's offline database (IndexedDB), opened once per page. */
export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>('blotter-offline', 1, {
    upgrade(db) {
      db.createObjectStore('keys');
      db.createObjectStore('identity');
      db.createObjectStore('initData');
      db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('owner', 'owner');
      db.createObjectStore('photos', { keyPath: 'id' }).createIndex('itemId', 'itemId');
    },
  });
  return opening;
}
