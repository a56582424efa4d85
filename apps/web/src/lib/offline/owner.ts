/** `<accountId>:<userId>`: whose key, cache and outbox items these are (issue 30). */
export type Owner = string;

/** Kept apart from the IndexedDB code so the account menu names an owner without loading it. */
export const ownerOf = (claims: { accountId: string; userId: string }): Owner => `${claims.accountId}:${claims.userId}`;

/**
 * At each sign-in, before anything else (no network needed): the phone stops opening offline for
 * anyone but this user, and forgets every other user's key and lookups. Their outbox items stay,
 * unreadable, until they sign in again. Plain IndexedDB, so the sign-in does not load the outbox's
 * code; on a phone that never kept anything it creates nothing.
 */
export function dropOtherIdentity(owner: Owner): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve();
      return;
    }
    const open = indexedDB.open('blotter-offline');
    // The database does not exist yet: leave it to the offline code to create with its stores.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve();
    open.onsuccess = () => {
      const db = open.result;
      const stores = ['identity', 'keys', 'initData'];
      if (!stores.every((name) => db.objectStoreNames.contains(name))) {
        db.close();
        resolve();
        return;
      }
      const tx = db.transaction(stores, 'readwrite');
      const current = tx.objectStore('identity').get('current');
      current.onsuccess = () => {
        if ((current.result as { owner?: string } | undefined)?.owner !== owner)
          tx.objectStore('identity').delete('current');
      };
      const keys = tx.objectStore('keys').getAllKeys();
      keys.onsuccess = () => {
        for (const key of keys.result) {
          if (key === owner) continue;
          tx.objectStore('keys').delete(key);
          tx.objectStore('initData').delete(key);
        }
      };
      const done = () => {
        db.close();
        resolve();
      };
      tx.oncomplete = done;
      tx.onerror = done;
      tx.onabort = done;
    };
  });
}
