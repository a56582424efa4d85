import type { SessionClaims } from '@blotter/shared/schemas/session';
import { OFFLINE_IDENTITY_HOURS, readIdentity } from './identity';

/** How long a start waits for the server before it opens offline. */
const PROBE_TIMEOUT_MS = 2500;

async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/api/config', {
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * A start without this tab's session: the claims of the phone's offline identity when the server
 * cannot be reached (the browser says it is offline, or the server does not answer), so the guard
 * can record incidents; otherwise nothing, and the app starts signed out as always.
 */
export async function offlineStartClaims(): Promise<SessionClaims | undefined> {
  const identity = await readIdentity();
  if (!identity) return undefined;
  // A phone left unused for longer than a shift asks for a sign-in first, network or not.
  if (Date.now() - Date.parse(identity.rememberedAt) > OFFLINE_IDENTITY_HOURS * 3_600_000) return undefined;
  if (navigator.onLine && (await serverAnswers())) return undefined;
  return identity.claims;
}
