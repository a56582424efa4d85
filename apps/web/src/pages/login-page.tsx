import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { errorMessage } from '../lib/api-error';
import { fromLocation } from '../lib/auth/from-location';
import { startSignIn } from '../lib/auth/sign-in';

/** '/login': sends the browser to the identity provider, keeping the page to come back to. */
export default function LoginPage() {
  const location = useLocation();
  const [error, setError] = useState<string>();
  const from = fromLocation(location.state);

  useEffect(() => {
    startSignIn(from).catch((failure: unknown) => setError(errorMessage(failure)));
  }, [from]);

  if (error) return <LoadingScreen message={`Sign-in could not start: ${error}`} />;
  return <LoadingScreen message="Redirecting to sign-in…" />;
}
