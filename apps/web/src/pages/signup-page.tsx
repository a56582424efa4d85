import { Navigate } from 'react-router';
import { useSession } from '../lib/auth/session-context';
import { ComingSoon } from './coming-soon-page';

/** '/signup': company sign-up (spec 3); signed-in users go to their dashboard. */
export default function SignupPage() {
  const { signedIn } = useSession();
  if (signedIn) return <Navigate to="/dashboard" replace />;
  return <ComingSoon title="Sign up" />;
}
