import type { QueryClient } from '@tanstack/react-query';
import { endSession } from './end-session';
import { clearStoredSession } from './session-store';
import { getCurrentUser, setCurrentUser } from './token';
import { getUserManager } from './user-manager';

let loggingOut = false;

/**
 * Spec 1 §4: ends the server session (its failure is ignored), clears the stored tokens and the
 * cached data, then signs out at the provider, which returns to the site origin.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  const manager = getUserManager();
  const user = getCurrentUser() ?? (await manager.getUser().catch(() => null));
  if (user?.access_token && !user.expired) {
    await endSession(user.access_token).catch(() => undefined);
  }
  setCurrentUser(null);
  clearStoredSession();
  queryClient.clear();
  await manager.removeUser().catch(() => undefined);
  try {
    await manager.signoutRedirect({
      id_token_hint: user?.id_token,
      post_logout_redirect_uri: window.location.origin,
    });
  } catch {
    // The provider cannot be reached: the local sign-out is done, show the main page.
    window.location.assign('/');
  }
}
