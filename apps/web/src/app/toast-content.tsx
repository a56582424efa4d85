import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/**
 * notistack's toasts with colours that keep white text at 4.5:1 or more (WCAG 1.4.3): its own
 * green (#43a047), orange (#ff9800) and blue (#2196f3) are 3.3:1, 2.2:1 and 3.1:1.
 */
const ToastContent = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#d32f2f' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b45309' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0277bd' },
}));

export const TOAST_COMPONENTS = {
  success: ToastContent,
  error: ToastContent,
  warning: ToastContent,
  info: ToastContent,
  default: ToastContent,
};
