import { describe, expect, it } from 'vitest';
import { isOutboxSyncMessage, OUTBOX_SYNC_MESSAGE } from '../lib/offline/sw-messages';
import { notifyOutboxSync, type WindowClients } from './outbox-sync';

function windows(count: number) {
  const received: unknown[][] = Array.from({ length: count }, () => []);
  const asked: unknown[] = [];
  const clients: WindowClients = {
    matchAll: async (options) => {
      asked.push(options);
      return received.map((inbox) => ({ postMessage: (message: unknown) => inbox.push(message) }));
    },
  };
  return { clients, received, asked };
}

describe('the outbox sync', () => {
  it('tells every open window, controlled or not, to send its outbox', async () => {
    const { clients, received, asked } = windows(2);
    expect(await notifyOutboxSync(clients)).toBe(2);
    expect(asked).toEqual([{ type: 'window', includeUncontrolled: true }]);
    expect(received).toEqual([[{ type: OUTBOX_SYNC_MESSAGE }], [{ type: OUTBOX_SYNC_MESSAGE }]]);
    expect(received.flat().every(isOutboxSyncMessage)).toBe(true);
  });

  it('fails with no window open, so the browser retries the sync later', async () => {
    await expect(notifyOutboxSync(windows(0).clients)).rejects.toThrow('No Blotter window is open');
  });

  it('recognises only its own message', () => {
    expect(isOutboxSyncMessage({ type: 'blotter-outbox-sync' })).toBe(true);
    expect(isOutboxSyncMessage({ type: 'other' })).toBe(false);
    expect(isOutboxSyncMessage(null)).toBe(false);
    expect(isOutboxSyncMessage('blotter-outbox-sync')).toBe(false);
  });
});
