import { TOASTS } from '@blotter/shared/constants';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';

function dismissAction(key: SnackbarKey) {
  return (
    <IconButton aria-label="Dismiss" color="inherit" size="small" onClick={() => closeSnackbar(key)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** The error toasts on screen: a later success closes them (the failed attempt is over). */
const openErrors = new Set<SnackbarKey>();

/** Error toast (hides after 5 s); the same message is not stacked twice. */
export function toastError(message: string) {
  const key = enqueueSnackbar(message, {
    variant: 'error',
    preventDuplicate: true,
    onExited: (_node, exited) => {
      openErrors.delete(exited);
    },
  });
  openErrors.add(key);
}

/** Success toast; it closes the error toasts of earlier attempts, which no longer apply. */
export function toastSuccess(message: string) {
  for (const key of openErrors) closeSnackbar(key);
  openErrors.clear();
  enqueueSnackbar(message, { variant: 'success' });
}

export function toastInfo(message: string) {
  enqueueSnackbar(message, { variant: 'info' });
}

/** Warnings stay 30 seconds and can be dismissed (spec 1 §8). */
export function toastWarning(message: string) {
  enqueueSnackbar(message, {
    variant: 'warning',
    autoHideDuration: TOASTS.warningHideAfterMs,
    action: dismissAction,
    preventDuplicate: true,
  });
}
