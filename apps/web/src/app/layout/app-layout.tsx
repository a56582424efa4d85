import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { NotificationBars } from '../../features/notifications/components/notification-bars';
import { useSession } from '../../lib/auth/session-context';
import { IdleLogout } from './idle-logout';
import { ScrollToTop } from './scroll-to-top';
import { TopMenu } from './top-menu';

// The phone's offline capture (issue 30): its own chunk, loaded once signed in.
const OfflineBar = lazy(() => import('../../features/incidents/offline/components/offline-bar'));

/** The shell around every page: top menu, notification bars, the page, and the idle logout. */
export function AppLayout() {
  const { signedIn, offline } = useSession();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
      <TopMenu />
      {signedIn && (
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
