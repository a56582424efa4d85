import { hasPrivilege } from '@blotter/shared/privileges';
import { lazy, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../lib/auth/session-context';

const NewIncidentPage = lazy(() => import('./new-incident-page'));
// Issue 30: the form that records on the phone when the server cannot be reached.
const OfflineIncidentPage = lazy(() => import('../features/incidents/offline/components/offline-incident-page'));

/**
 * '/newincident': the online entry form, or the phone's offline one (issue 30) when the app started
 * offline, the browser is offline, or the address names an outbox item (?offline=<id>). Decided
 * here, before either page's code loads, so an offline start fetches only the offline form's.
 */
export default function NewIncidentRoute() {
  const { claims, offline } = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  // Decided when the page opens: a network lost while typing online keeps the online form (its
  // unsaved changes are kept in the browser and saved when the network is back).
  const [startedOffline] = useState(() => offline || !navigator.onLine);
  if (!params.get('offline') && !startedOffline) return <NewIncidentPage />;
  if (!hasPrivilege(claims, 'MYINCIDENT_ADD')) {
    return <Navigate to="/errors/noPermission" replace state={{ from: location }} />;
  }
  return <OfflineIncidentPage />;
}
