import Container from '@mui/material/Container';
import { useParams } from 'react-router';
import { ErrorView } from '../features/errors/components/error-view';
import { type ErrorAction, errorContent } from '../features/errors/error-content';
import { useResendEmailVerification } from '../features/users/api/resend-email-verification';
import { useSession } from '../lib/auth/session-context';
import { toastSuccess } from '../lib/toast';

export const EMAIL_VERIFICATION_SENT = 'Email verification is sent to your email account.';

/** '/errors/{type}' (and any unknown path, as pageNotExist). */
export default function ErrorPage({ type }: { type?: string }) {
  const params = useParams();
  const { logout } = useSession();
  const resend = useResendEmailVerification();
  const content = errorContent(type ?? params.type);

  const onAction = (action: ErrorAction) => {
    if (action === 'resendEmailVerification') {
      resend.mutate(undefined, { onSuccess: () => toastSuccess(EMAIL_VERIFICATION_SENT) });
      return;
    }
    // 'Go to main page' and 'Logout' both sign out; the provider returns to the main page.
    void logout();
  };

  return (
    <Container sx={{ py: { xs: 4, md: 8 } }}>
      <ErrorView
        content={content}
        onAction={onAction}
        busyAction={resend.isPending ? 'resendEmailVerification' : undefined}
      />
    </Container>
  );
}
