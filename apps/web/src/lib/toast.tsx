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

/** Error toast (hides after 5 s); the same message is not stacked twice. */
export function toastError(message: string) {
  enqueueSnackbar(message, { variant: 'error', preventDuplicate: true });
}

export function toastSuccess(message: string) {
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
