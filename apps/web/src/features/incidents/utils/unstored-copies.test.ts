import { describe, expect, it } from 'vitest';
import { ensureStoredCopy, markCopyStored, trackUnstoredCopy, unstoredIncidentOf } from './unstored-copies';

describe('working copies not stored yet', () => {
  it('are stored once by the first call that needs them, however many wait', async () => {
    let stores = 0;
    let finish: () => void = () => {};
    trackUnstoredCopy('copy-1', 'incident-1', () => {
      stores += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    expect(unstoredIncidentOf('copy-1')).toBe('incident-1');
    const first = ensureStoredCopy('copy-1');
    const second = ensureStoredCopy('copy-1');
    finish();
    await Promise.all([first, second]);
    expect(stores).toBe(1);
    expect(unstoredIncidentOf('copy-1')).toBeUndefined();
    await ensureStoredCopy('copy-1');
    expect(stores).toBe(1);
  });

  it('try again after a failed store, and are forgotten once the autosave stored them', async () => {
    let attempts = 0;
    trackUnstoredCopy('copy-2', 'incident-2', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
    });
    await expect(ensureStoredCopy('copy-2')).rejects.toThrow('offline');
    expect(unstoredIncidentOf('copy-2')).toBe('incident-2');
    await ensureStoredCopy('copy-2');
    expect(attempts).toBe(2);

    trackUnstoredCopy('copy-3', 'incident-3', async () => {
      throw new Error('must not be called');
    });
    markCopyStored('copy-3');
    await ensureStoredCopy('copy-3');
    expect(unstoredIncidentOf('copy-3')).toBeUndefined();
  });
});
