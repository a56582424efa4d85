import type { SessionClaims } from '@blotter/shared/schemas/session';
import { clearStoredSession, readStoredClaims } from './session-store';
import { setCurrentUser } from './token';
import { getUserManager } from './user-manager';

/**
 * Picks up the tokens of this tab after a reload. An expired access token is renewed with the
 * refresh token; when that fails the tab is signed out locally.
 */
export async function restoreSession(): Promise<SessionClaims | undefined> {
  const manager = getUserManager();
  let user = await manager.getUser().catch(() => null);
  if (!user) {
    clearStoredSession();
    return undefined;
  }
  if (user.expired) {
    user = await manager.signinSilent().catch(() => null);
    if (!user) {
      await manager.removeUser();
      clearStoredSession();
      return undefined;
    }
  }
  setCurrentUser(user);
  return readStoredClaims();
}
