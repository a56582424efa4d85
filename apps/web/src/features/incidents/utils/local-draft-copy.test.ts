import { emptyIncidentFields } from '@blotter/shared/schemas/incident-form';
import { describe, expect, it } from 'vitest';
import {
  clearLocalCopyIfSaved,
  type LocalDraftCopy,
  localCopyKey,
  readLocalCopy,
  restoreDecision,
  sameData,
  writeLocalCopy,
} from './local-draft-copy';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      map.set(key, value);
    },
    removeItem: (key: string) => {
      map.delete(key);
    },
    map,
  };
}

const data = (summary: string) => ({ ...emptyIncidentFields(), summary });
const key = localCopyKey('user-1', 'draft-1');

describe('local draft copy', () => {
  it('is kept per user and draft', () => {
    expect(localCopyKey('u', 'd')).not.toBe(localCopyKey('v', 'd'));
  });

  it('reads back what was written, and nothing for broken or foreign values', () => {
    const store = memoryStore();
    const copy: LocalDraftCopy = { savedAt: '2024-05-01T10:00:00.000Z', base: 'b1', data: data('<p>x</p>') };
    writeLocalCopy(store, key, copy);
    expect(readLocalCopy(store, key)).toEqual(copy);
    store.setItem(key, '{not json');
    expect(readLocalCopy(store, key)).toBeUndefined();
    store.setItem(key, JSON.stringify({ savedAt: 'x', base: 'b', data: { persons: 'nope' } }));
    expect(readLocalCopy(store, key)).toBeUndefined();
  });

  it('is cleared only when the server has the same data', () => {
    const store = memoryStore();
    writeLocalCopy(store, key, { savedAt: 'now', base: 'b1', data: data('<p>newer</p>') });
    clearLocalCopyIfSaved(store, key, data('<p>older</p>'));
    expect(readLocalCopy(store, key)).toBeDefined();
    clearLocalCopyIfSaved(store, key, data('<p>newer</p>'));
    expect(readLocalCopy(store, key)).toBeUndefined();
  });

  it('survives a full or disabled storage without throwing', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => writeLocalCopy(broken, key, { savedAt: 'x', base: 'b', data: data('') })).not.toThrow();
    expect(readLocalCopy(broken, key)).toBeUndefined();
  });

  it('compares data whatever the key order', () => {
    const a = data('<p>a</p>');
    const reordered = Object.fromEntries(Object.entries(a).reverse());
    expect(sameData(a, reordered)).toBe(true);
    expect(sameData(a, data('<p>b</p>'))).toBe(false);
  });
});

describe('restoreDecision', () => {
  const server = { lastUpdateDate: '2024-05-01T10:00:00.000Z', data: data('<p>server</p>') };

  it('restores a copy made on top of the server copy', () => {
    const copy = {
      savedAt: '2024-05-01T10:05:00.000Z',
      base: server.lastUpdateDate,
      data: data('<p>typed offline</p>'),
    };
    expect(restoreDecision(copy, server)).toBe('restore');
  });

  it('offers a copy newer than a server copy that changed elsewhere', () => {
    const copy = { savedAt: '2024-05-01T10:05:00.000Z', base: '2024-05-01T09:00:00.000Z', data: data('<p>mine</p>') };
    expect(restoreDecision(copy, server)).toBe('offer');
  });

  it('discards a copy that is older than the server copy or holds nothing new', () => {
    const older = { savedAt: '2024-05-01T09:30:00.000Z', base: '2024-05-01T09:00:00.000Z', data: data('<p>old</p>') };
    expect(restoreDecision(older, server)).toBe('discard');
    const same = { savedAt: '2024-05-01T11:00:00.000Z', base: 'other', data: data('<p>server</p>') };
    expect(restoreDecision(same, server)).toBe('discard');
  });
});
