import { styled } from '@mui/material/styles';
import { useForkRef } from '@mui/material/utils';
import { type CustomContentProps, MaterialDesignContent } from 'notistack';
import { forwardRef, useId, useLayoutEffect, useRef } from 'react';

/**
 * notistack's toasts with colours that keep white text at 4.5:1 or more (WCAG 1.4.3): its own
 * green (#43a047), orange (#ff9800) and blue (#2196f3) are 3.3:1, 2.2:1 and 3.1:1.
 */
const StyledContent = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#d32f2f' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b45309' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0277bd' },
}));

/** The id notistack gives every toast's message (and names in aria-describedby). */
const NOTISTACK_MESSAGE_ID = 'notistack-snackbar';

/**
 * A toast whose message has an id of its own: notistack gives them all the same, so with two
 * toasts on screen the id is in the page twice and aria-describedby names either.
 */
const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent(props, forwardedRef) {
  const messageId = `toast-${useId()}`;
  const root = useRef<HTMLDivElement>(null);
  const ref = useForkRef(root, forwardedRef);
  useLayoutEffect(() => {
    const message = root.current?.querySelector(`[id="${NOTISTACK_MESSAGE_ID}"]`);
    if (!message) return;
    message.id = messageId;
    root.current?.setAttribute('aria-describedby', messageId);
  }, [messageId]);
  return <StyledContent {...props} ref={ref} />;
});

export const TOAST_COMPONENTS = {
  success: ToastContent,
  error: ToastContent,
  warning: ToastContent,
  info: ToastContent,
  default: ToastContent,
};
