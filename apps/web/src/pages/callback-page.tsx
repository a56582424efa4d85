import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useSession } from '../lib/auth/session-context';
import { handleSignInCallback } from '../lib/auth/sign-in';

/** '/callback': the return from the identity provider (spec 1 §2). */
export default function CallbackPage() {
  const { establish, logout } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    handleSignInCallback().then((outcome) => {
      if (!active) return;
      if (outcome.kind === 'signedIn') {
        establish(outcome.user, outcome.claims);
        navigate(outcome.to, { replace: true });
      } else if (outcome.kind === 'navigate') {
        navigate(outcome.to, { replace: true });
      } else {
        window.alert(outcome.message);
        void logout();
      }
    });
    return () => {
      active = false;
    };
  }, [establish, logout, navigate]);

  return <LoadingScreen message="Signing you in…" />;
}
