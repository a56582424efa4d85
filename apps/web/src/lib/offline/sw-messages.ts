/**
 * What the service worker (src/sw.ts) and the page say to each other. Kept apart from both so the
 * page can import it without pulling in any of the worker's code.
 */

/** The Background Sync tag the page registers when its outbox has something to send. */
export const OUTBOX_SYNC_TAG = 'blotter-outbox';

/** Posted by the service worker to every open window when the browser fires that sync. */
export const OUTBOX_SYNC_MESSAGE = 'blotter-outbox-sync';

export interface OutboxSyncMessage {
  type: typeof OUTBOX_SYNC_MESSAGE;
}

export function isOutboxSyncMessage(data: unknown): data is OutboxSyncMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OUTBOX_SYNC_MESSAGE;
}
