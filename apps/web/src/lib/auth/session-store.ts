import type { SessionClaims } from '@blotter/shared/schemas/session';

const CLAIMS_KEY = 'blotter.session';
const AUTO_LOGOUT_KEY = 'blotter.autoLogoutTime';

function isClaims(value: unknown): value is SessionClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.status === 'number' &&
    typeof v.admin === 'boolean' &&
    Array.isArray(v.privileges) &&
    typeof v.userId === 'string' &&
    typeof v.accountId === 'string'
  );
}

/** Session claims survive a reload of the tab (while the tokens in sessionStorage are valid). */
export function readStoredClaims(storage: Storage = sessionStorage): SessionClaims | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CLAIMS_KEY) ?? 'null');
    return isClaims(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function storeClaims(claims: SessionClaims, storage: Storage = sessionStorage) {
  storage.setItem(CLAIMS_KEY, JSON.stringify(claims));
}

/** Spec 1 §4: the auto-logout time is kept in the session. */
export function readStoredAutoLogoutSeconds(storage: Storage = sessionStorage): number | undefined {
  const value = Number(storage.getItem(AUTO_LOGOUT_KEY));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export function storeAutoLogoutSeconds(seconds: number, storage: Storage = sessionStorage) {
  storage.setItem(AUTO_LOGOUT_KEY, String(seconds));
}

export function clearStoredSession(storage: Storage = sessionStorage) {
  storage.removeItem(CLAIMS_KEY);
  storage.removeItem(AUTO_LOGOUT_KEY);
}
