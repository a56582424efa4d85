import { SESSION, USER_STATUS } from '@blotter/shared/constants';
import type { SessionClaims } from '@blotter/shared/schemas/session';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorResponse, type User } from 'oidc-client-ts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { configureApiClient } from '../api-client';
import { ApiError, errorMessage, isNetworkError } from '../api-error';
import { dropOtherIdentity, ownerOf } from '../offline/owner';
import { createSession } from './create-session';
import { logout as logoutEverywhere } from './logout';
import { readSession } from './read-session';
import { SessionContext, type SessionContextValue } from './session-context';
import { renewalAlertMessage } from './session-rules';
import { clearStoredSession, storeClaims } from './session-store';
import { currentAccessToken, getCurrentUser, setCurrentUser } from './token';
import { getUserManager } from './user-manager';
import { watchSessionStatus } from './watch-session-status';

interface SessionProviderProps {
  /** Claims restored from this tab's session storage before the first render. */
  initialClaims: SessionClaims | undefined;
  /** The claims are the phone's offline identity: there is no token (issue 30). */
  offline: boolean;
  children: ReactNode;
}

/** Holds the session claims, renews the token before it expires and offers logout. */
export function SessionProvider({ initialClaims, offline, children }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [claims, setClaims] = useState<SessionClaims | undefined>(initialClaims);
  const claimsRef = useRef(claims);
  claimsRef.current = claims;

  const logout = useCallback(() => logoutEverywhere(queryClient), [queryClient]);

  const establish = useCallback((user: User, next: SessionClaims) => {
    setCurrentUser(user);
    storeClaims(next);
    setClaims(next);
  }, []);

  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  // Spec 1 §4: a status other than 1 ends the session. Claims of another status (a user deactivated
  // while signed in) make the protected routes send the user to their status page (/errors/inactive).
  const takeStatus = useCallback((fresh: SessionClaims) => {
    if (!claimsRef.current || fresh.status === claimsRef.current.status) return;
    storeClaims(fresh);
    setClaims(fresh);
  }, []);
  const checkStatus = useCallback(() => {
    readSession()
      .then(takeStatus)
      .catch(() => {});
  }, [takeStatus]);
  const checkStatusRef = useRef(checkStatus);
  checkStatusRef.current = checkStatus;
  // Configured during the first render: the pages' queries start in effects, which run before ours.
  useState(() =>
    configureApiClient({
      getAccessToken: async () => currentAccessToken(),
      onTokenExpired: () => void logoutRef.current(),
      onUserNotActive: () => checkStatusRef.current(),
    }),
  );

  // Issue 30: a sign-in of another user on this phone ends the offline access of the one before.
  const owner = claims ? ownerOf(claims) : undefined;
  useEffect(() => {
    if (owner && !offline) void dropOtherIdentity(owner);
  }, [owner, offline]);

  // An open app does not wait for a call of its own to learn that its user was deactivated.
  const active = claims?.status === USER_STATUS.ACTIVE;
  useEffect(() => {
    if (!active || offline) return;
    return watchSessionStatus({
      intervalMs: SESSION.statusCheckSeconds * 1000,
      read: readSession,
      onClaims: takeStatus,
    });
  }, [active, offline, takeStatus]);

  // After a reload the claims come from storage: refresh them (and the server session) once.
  useEffect(() => {
    const token = currentAccessToken();
    if (!initialClaims || !token) return;
    createSession(token)
      .then((fresh) => {
        storeClaims(fresh);
        setClaims(fresh);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          // The server ended this session (logout in another tab): sign out locally.
          setCurrentUser(null);
          clearStoredSession();
          setClaims(undefined);
          void getUserManager().removeUser();
        }
      });
  }, [initialClaims]);

  // Spec 1 §4: the token is renewed 30 s before it expires, followed by another session call.
  useEffect(() => {
    const manager = getUserManager();
    let renewing = false;
    let waitingForNetwork = false;
    const renew = async () => {
      if (renewing || !claimsRef.current || !getCurrentUser()) return;
      renewing = true;
      try {
        const user = await manager.signinSilent();
        if (!user) throw new Error('no token was returned');
        setCurrentUser(user);
        const fresh = await createSession(user.access_token);
        storeClaims(fresh);
        setClaims(fresh);
      } catch (error) {
        // Issue 30: no network (a guard in a basement) is not a refusal. The session stays, the
        // offline form keeps working, and the renewal is tried again when the network is back.
        const unreachable =
          !navigator.onLine || isNetworkError(error) || !(error instanceof ErrorResponse || error instanceof ApiError);
        if (unreachable) {
          if (!waitingForNetwork) {
            waitingForNetwork = true;
            window.addEventListener(
              'online',
              () => {
                waitingForNetwork = false;
                void renew();
              },
              { once: true },
            );
          }
          return;
        }
        window.alert(renewalAlertMessage(errorMessage(error)));
        await logout();
      } finally {
        renewing = false;
      }
    };
    return manager.events.addAccessTokenExpiring(() => void renew());
  }, [logout]);

  const value = useMemo<SessionContextValue>(
    () => ({
      claims,
      signedIn: claims?.status === USER_STATUS.ACTIVE,
      invalid: claims !== undefined && claims.status !== USER_STATUS.ACTIVE,
      offline,
      logout,
      establish,
    }),
    [claims, offline, logout, establish],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
