import { canAccessRoute } from '@blotter/shared/privileges';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/auth/session-context';
import { ERROR_ROUTES } from '../lib/auth/session-rules';

/** Where the protected-route rule sends an unauthenticated visitor (spec 1 §2). */
export const AUTHENTICATION_ERROR_PATH = '/';

/**
 * Spec 1 §2: unauthenticated visitors go to the authentication error location, users without the
 * menu privilege of the path to the permission error page; both keep the original location.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { claims, signedIn } = useSession();
  const location = useLocation();
  if (!signedIn) return <Navigate to={AUTHENTICATION_ERROR_PATH} replace state={{ from: location }} />;
  if (!canAccessRoute(claims, location.pathname)) {
    return <Navigate to={ERROR_ROUTES.noPermission} replace state={{ from: location }} />;
  }
  return children;
}
