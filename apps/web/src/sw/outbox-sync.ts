import { OUTBOX_SYNC_MESSAGE, type OutboxSyncMessage } from '../lib/offline/sw-messages';

/** What the worker needs of its `self.clients` (typed here so the page's DOM types compile it). */
export interface WindowClients {
  matchAll(options: {
    type: 'window';
    includeUncontrolled: boolean;
  }): Promise<readonly { postMessage(message: unknown): void }[]>;
}

/**
 * Answers a Background Sync of the outbox: the page does the sending (the tokens live in the
 * page, never in the worker), so every open window is told to send. With no window open the
 * promise rejects: the browser then keeps the sync and fires it again later.
 */
export async function notifyOutboxSync(clients: WindowClients): Promise<number> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.length === 0) throw new Error('No Blotter window is open to send the outbox.');
  const message: OutboxSyncMessage = { type: OUTBOX_SYNC_MESSAGE };
  for (const client of windows) client.postMessage(message);
  return windows.length;
}
