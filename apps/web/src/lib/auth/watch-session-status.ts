import type { SessionClaims } from '@blotter/shared/schemas/session';

interface WatchOptions {
  intervalMs: number;
  /** Reads the claims as they are now (GET /users/sessions). */
  read: () => Promise<SessionClaims>;
  /** The claims answered; the session decides what a changed status means. */
  onClaims: (claims: SessionClaims) => void;
  /** The page's document and timers (a test passes its own). */
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  timers?: { set: (run: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
}

/**
 * Reads the session's status every `intervalMs` while the page is shown, and at once when it is
 * shown again, so an open app learns of a deactivation without waiting for a call of its own.
 * A failed read is left to the next one (an expired token is handled by the API client).
 * Answers the function that stops watching.
 */
export function watchSessionStatus({ intervalMs, read, onClaims, doc = document, timers }: WatchOptions): () => void {
  const set = timers?.set ?? ((run: () => void, ms: number) => window.setInterval(run, ms));
  const clear = timers?.clear ?? ((handle: unknown) => window.clearInterval(handle as number));
  let reading = false;
  let stopped = false;
  const check = () => {
    if (reading || stopped || doc.visibilityState !== 'visible') return;
    reading = true;
    read()
      .then((claims) => {
        if (!stopped) onClaims(claims);
      })
      .catch(() => {})
      .finally(() => {
        reading = false;
      });
  };
  const handle = set(check, intervalMs);
  doc.addEventListener('visibilitychange', check);
  return () => {
    stopped = true;
    clear(handle);
    doc.removeEventListener('visibilitychange', check);
  };
}
