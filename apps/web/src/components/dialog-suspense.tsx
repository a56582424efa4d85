import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { type ReactNode, Suspense } from 'react';

/** Suspense for a lazily loaded dialog: a spinner over the page until its code has loaded. */
export function DialogSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
          <CircularProgress aria-label="Loading" />
        </Backdrop>
      }
    >
      {children}
    </Suspense>
  );
}
