import { TOASTS } from '@blotter/shared/constants';
import type { SessionClaims } from '@blotter/shared/schemas/session';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/auth/session-provider';
import { TOAST_OFFSET_VAR } from '../lib/toast-offset';
import { theme } from './theme';
import { TOAST_COMPONENTS } from './toast-content';

interface AppProvidersProps {
  queryClient: QueryClient;
  initialClaims: SessionClaims | undefined;
  /** Started with no network from the phone's offline identity (issue 30). */
  offline: boolean;
  children: ReactNode;
}

/**
 * A dialog on screen and not closing: MUI fades its container in with an inline opacity of 1 and
 * out with 0, so a dialog that is going away no longer counts.
 */
const OPEN_DIALOG = '.MuiDialog-container[style*="opacity: 1"]';

/** Theme, toasts (spec 1 §8: at most 3, bottom centre, 5 s), server state and the session. */
export function AppProviders({ queryClient, initialClaims, offline, children }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/*
        notistack's bottom indent (14 px) plus the height of a sticky action bar on screen. While a
        dialog is open the toasts stand at the top instead: a dialog's Cancel and Save are at its
        bottom, and a tall dialog reaches down to where the toasts would lie over them.
      */}
      <GlobalStyles
        styles={{
          '.notistack-SnackbarContainer': { bottom: `calc(14px + var(${TOAST_OFFSET_VAR}, 0px)) !important` },
          [`body:has(${OPEN_DIALOG}) .notistack-SnackbarContainer`]: {
            top: '14px !important',
            bottom: 'auto !important',
          },
        }}
      />
      <SnackbarProvider
        maxSnack={TOASTS.max}
        autoHideDuration={TOASTS.hideAfterMs}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        Components={TOAST_COMPONENTS}
      >
        <QueryClientProvider client={queryClient}>
          <SessionProvider initialClaims={initialClaims} offline={offline}>
            {children}
          </SessionProvider>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
