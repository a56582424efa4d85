import type { SessionClaims } from '@blotter/shared/schemas/session';
import { ThemeProvider } from '@mui/material/styles';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';
import { TOAST_COMPONENTS } from '../app/toast-content';
import { SessionContext, type SessionContextValue } from '../lib/auth/session-context';

/** The claims of a signed-in, active administrator; tests narrow the privileges they need. */
export function testClaims(overrides: Partial<SessionClaims> = {}): SessionClaims {
  return {
    admin: true,
    systemAdmin: false,
    privileges: [],
    status: 1,
    trial: false,
    measurementType: 0,
    accountId: 'account-1',
    userId: 'user-1',
    name: 'Ada Admin',
    ...overrides,
  };
}

export interface RenderOptions {
  claims?: SessionClaims;
  /** The router's address (default '/'). */
  route?: string;
  /** Under a fake clock (`vi.advanceTimersByTime`): user-event then types without pauses. */
  advanceTimers?: (ms: number) => unknown;
}

/** What a test keeps of a render: it finds elements through `screen`, as a person sees the page. */
export interface Rendered {
  user: UserEvent;
  queryClient: QueryClient;
  unmount: () => void;
}

/**
 * Renders a component inside the providers the app gives it (theme, toasts, server state, session,
 * router, date pickers), as `app/providers.tsx` does, with a fixed signed-in session in place of
 * the OIDC one. Queries do not retry, so a failed answer shows at once.
 */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}): Rendered {
  if (typeof document === 'undefined') {
    throw new Error('Component tests run in jsdom: start the file with `// @vitest-environment jsdom`.');
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const claims = options.claims ?? testClaims();
  const session: SessionContextValue = {
    claims,
    signedIn: claims.status === 1,
    invalid: claims.status !== 1,
    offline: false,
    logout: async () => {},
    establish: () => {},
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={theme}>
      <SnackbarProvider maxSnack={3} Components={TOAST_COMPONENTS}>
        <QueryClientProvider client={queryClient}>
          <SessionContext.Provider value={session}>
            <LocalizationProvider dateAdapter={AdapterDateFns}>
              <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
            </LocalizationProvider>
          </SessionContext.Provider>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
  // user-event's check for `pointer-events: none` reads the computed style of every ancestor on each
  // click, which jsdom computes slowly; a disabled button is still refused by its disabled attribute.
  const user = userEvent.setup({
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    // Under fake timers user-event neither waits between keys nor advances the clock: the test does.
    ...(options.advanceTimers ? { advanceTimers: options.advanceTimers, delay: null } : {}),
  });
  const { unmount } = render(ui, { wrapper });
  return { user, queryClient, unmount };
}
