import type { SessionClaims } from '@blotter/shared/schemas/session';
import type { User } from 'oidc-client-ts';
import { createContext, useContext } from 'react';

export interface SessionContextValue {
  /** Claims of the signed-in user (any status), undefined when signed out. */
  claims: SessionClaims | undefined;
  /** Signed in with an active account (status 1). */
  signedIn: boolean;
  /** Signed in, but the user status is not active: the session is invalid. */
  invalid: boolean;
  /**
   * Started with no network for the last user signed in on this phone (issue 30): no token, so only
   * the offline form and the outbox open; everything else waits for a sign-in.
   */
  offline: boolean;
  /** Ends the server session, clears tokens and cached data, and signs out at the provider. */
  logout: () => Promise<void>;
  /** Called by the sign-in callback once the provider returned tokens and the session exists. */
  establish: (user: User, claims: SessionClaims) => void;
}

export const SessionContext = createContext<SessionContextValue | undefined>(undefined);

/** The signed-in user's claims and the logout action. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider.');
  return value;
}
