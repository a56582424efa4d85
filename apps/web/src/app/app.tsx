import type { SessionClaims } from '@blotter/shared/schemas/session';
import { Suspense, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LoadingScreen } from '../components/loading-screen';
import { isMobile } from '../lib/device';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { appRoutes } from './routes';

/** The whole app: providers around the router. */
export function App({ initialClaims, offline }: { initialClaims: SessionClaims | undefined; offline: boolean }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(appRoutes(isMobile)));
  return (
    <AppProviders queryClient={queryClient} initialClaims={initialClaims} offline={offline}>
      <Suspense fallback={<LoadingScreen message="Loading…" />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  );
}
