import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useMfaDevice } from '../features/mfa/api/get-mfa-device';
import { useSendOtp } from '../features/mfa/api/send-otp';
import { useVerifyOtp } from '../features/mfa/api/verify-otp';
import { MfaCard } from '../features/mfa/components/mfa-card';
import { OtpForm } from '../features/mfa/components/otp-form';
import { clearMfaStep, leaveMfaStep, takeMfaStep } from '../features/mfa/model/mfa-step-store';
import { errorMessage } from '../lib/api-error';
import { toastError, toastSuccess } from '../lib/toast';

export const CODE_SENT = 'A code is sent to your phone.';

/** The sign-in could not go on (no step, or it expired): start again. */
export function MfaExpired() {
  const navigate = useNavigate();
  return (
    <MfaCard title="Sign-in expired" text="Your sign-in has expired. Please sign in again.">
      <Button
        variant="contained"
        onClick={() => {
          clearMfaStep();
          navigate('/login');
        }}
      >
        Sign in
      </Button>
    </MfaCard>
  );
}

/** '/mfa': the security check of a sign-in (spec 3 §2, §4); the query carries state, deviceId and token. */
export default function MfaPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [step] = useState(() => takeMfaStep(location.search));
  const device = useMfaDevice(step?.token, Boolean(step));
  const send = useSendOtp(step?.token ?? '');
  const verify = useVerifyOtp(step?.token ?? '');
  const [codeSent, setCodeSent] = useState(false);

  const unverified = device.data && !device.data.verified;
  useEffect(() => {
    if (unverified) navigate('/startMfaEnrolloment', { replace: true });
  }, [unverified, navigate]);

  if (!step || device.isError) return <MfaExpired />;
  if (!device.data?.verified || !device.data.deviceId) return <LoadingScreen message="Loading…" />;
  const { deviceId, phoneNumberMask } = device.data;

  return (
    <MfaCard title="Security check" text={`We will text a 6 digit code to your phone ${phoneNumberMask}.`}>
      <OtpForm
        codeSent={codeSent}
        busy={send.isPending || verify.isPending}
        sendLabel={codeSent ? 'Send new code' : 'Send code'}
        onSend={() =>
          send.mutate(undefined, {
            onSuccess: () => {
              setCodeSent(true);
              toastSuccess(CODE_SENT);
            },
            onError: (error) => toastError(errorMessage(error)),
          })
        }
        onVerify={(otp) =>
          verify.mutateAsync({ deviceId, otp }).then(
            ({ continueUrl }) => {
              clearMfaStep();
              // The provider finishes the sign-in and returns to /callback with the code.
              window.location.assign(continueUrl);
            },
            (error: unknown) => {
              toastError(errorMessage(error));
              throw error;
            },
          )
        }
        onCancel={() => leaveMfaStep(step)}
      />
    </MfaCard>
  );
}
