import { canAccessRoute } from '@blotter/shared/privileges';
import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/auth/session-context';
import { ERROR_ROUTES, statusErrorRoute } from '../lib/auth/session-rules';

const OfflineHome = lazy(() => import('../features/incidents/offline/components/offline-home'));
/** What opens in an offline start (issue 30): the rest needs the server. */
const OFFLINE_PATHS = ['/newincident', '/outbox'];

/** Where the protected-route rule sends an unauthenticated visitor (spec 1 §2). */
export const AUTHENTICATION_ERROR_PATH = '/';

/**
 * Spec 1 §2: unauthenticated visitors go to the authentication error location, users without the
 * menu privilege of the path to the permission error page; both keep the original location.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { claims, signedIn, offline } = useSession();
  const location = useLocation();
  // Spec 3 §4: a session whose user is no longer active (deactivated while signed in, found on
  // the session refresh) goes to its status page, not to a landing page it cannot sign in from.
  const statusPage = claims && !signedIn ? statusErrorRoute(claims.status) : undefined;
  if (statusPage) return <Navigate to={statusPage} replace state={{ from: location }} />;
  if (!signedIn) return <Navigate to={AUTHENTICATION_ERROR_PATH} replace state={{ from: location }} />;
  if (offline && !OFFLINE_PATHS.includes(location.pathname)) return <OfflineHome />;
  if (!canAccessRoute(claims, location.pathname)) {
    return <Navigate to={ERROR_ROUTES.noPermission} replace state={{ from: location }} />;
  }
  return children;
}
