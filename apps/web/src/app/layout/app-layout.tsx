import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { NotificationBars } from '../../features/notifications/components/notification-bars';
import { useSession } from '../../lib/auth/session-context';
import { IdleLogout } from './idle-logout';
import { ScrollToTop } from './scroll-to-top';
import { TopMenu } from './top-menu';

// The phone's offline capture (issue 30): its own chunk, loaded once signed in.
const OfflineBar = lazy(() => import('../../features/incidents/offline/components/offline-bar'));

/** How long after a signed-in page opens online the offline capture loads (see below). */
const OFFLINE_CAPTURE_DELAY_MS = 5000;

/**
 * When the offline capture loads: at once when the app is offline; online, a few seconds after the
 * signed-in page opened. Its work (remembering the user and the lookups for offline use, sending
 * what waits) can wait that long, and its code (about 9 KB gzip) then stays out of the page's own
 * first load, which the bundle budget measures.
 */
function useOfflineCaptureLoaded(signedIn: boolean, offline: boolean): boolean {
  const [load, setLoad] = useState(() => offline || !navigator.onLine);
  useEffect(() => {
    if (!signedIn || load) return;
    const now = () => setLoad(true);
    window.addEventListener('offline', now);
    const timer = window.setTimeout(now, OFFLINE_CAPTURE_DELAY_MS);
    return () => {
      window.removeEventListener('offline', now);
      window.clearTimeout(timer);
    };
  }, [signedIn, load]);
  return load;
}

/** The shell around every page: top menu, notification bars, the page, and the idle logout. */
export function AppLayout() {
  const { signedIn, offline } = useSession();
  const offlineCapture = useOfflineCaptureLoaded(signedIn, offline);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
      <TopMenu />
      {signedIn && offlineCapture && (
        <Suspense fallback={null}>
          <OfflineBar />
        </Suspense>
      )}
      {signedIn && !offline && <NotificationBars />}
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', '& > *': { flexGrow: 1 } }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      {signedIn && <IdleLogout />}
    </Box>
  );
}
