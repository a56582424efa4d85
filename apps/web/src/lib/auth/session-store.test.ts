import { describe, expect, it } from 'vitest';
import {
  clearStoredSession,
  readStoredAutoLogoutSeconds,
  readStoredClaims,
  storeAutoLogoutSeconds,
  storeClaims,
} from './session-store';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, value);
    },
  };
}

const claims = {
  admin: false,
  systemAdmin: false,
  privileges: ['MYINCIDENT_ADD'],
  status: 1,
  trial: true,
  measurementType: 0,
  accountId: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  name: 'Sam Staff',
};

describe('session store', () => {
  it('keeps the claims and the auto-logout time, and clears both', () => {
    const storage = memoryStorage();
    storeClaims(claims, storage);
    storeAutoLogoutSeconds(600, storage);
    expect(readStoredClaims(storage)).toEqual(claims);
    expect(readStoredAutoLogoutSeconds(storage)).toBe(600);
    clearStoredSession(storage);
    expect(readStoredClaims(storage)).toBeUndefined();
    expect(readStoredAutoLogoutSeconds(storage)).toBeUndefined();
  });

  it('ignores damaged values', () => {
    const storage = memoryStorage();
    storage.setItem('blotter.session', '{not json');
    storage.setItem('blotter.autoLogoutTime', 'soon');
    expect(readStoredClaims(storage)).toBeUndefined();
    expect(readStoredAutoLogoutSeconds(storage)).toBeUndefined();
    storage.setItem('blotter.session', JSON.stringify({ status: 1 }));
    expect(readStoredClaims(storage)).toBeUndefined();
  });
});
