import type { SignUpAnswer } from '@blotter/shared/schemas/sign-up';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageContainer } from '../components/page-container';
import { SignUpForm } from '../features/sign-up/components/sign-up-form';
import { SignUpThanks } from '../features/sign-up/components/sign-up-thanks';
import { useSession } from '../lib/auth/session-context';

/** '/signup': the free-trial sign-up (spec 2 §2); signed-in users go to their dashboard. */
export default function SignupPage() {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [signedUp, setSignedUp] = useState<SignUpAnswer>();
  if (signedIn) return <Navigate to="/dashboard" replace />;
  return (
    <PageContainer title="Sign Up for a 30 Day Free Trial" maxWidth="md">
      {signedUp ? (
        <SignUpThanks user={signedUp} onOk={() => navigate('/login')} />
      ) : (
        <SignUpForm onSignedUp={setSignedUp} />
      )}
    </PageContainer>
  );
}
