import { useState } from 'react';
import { useLocation } from 'react-router';
import { EnrolmentSuccessDialog } from '../features/mfa/components/enrolment-success-dialog';
import { VerifyPhone } from '../features/mfa/components/verify-phone';
import { leaveMfaStep, readMfaStep } from '../features/mfa/model/mfa-step-store';
import { MfaExpired } from './mfa-page';

const phoneNumberOf = (state: unknown) =>
  typeof state === 'object' && state !== null && 'phoneNumber' in state ? String(state.phoneNumber) : undefined;

/** '/verifyEnrollment': the code sent to the phone being enrolled during sign-in. */
export default function VerifyEnrolmentPage() {
  const location = useLocation();
  const [step] = useState(readMfaStep);
  const [done, setDone] = useState(false);
  if (!step) return <MfaExpired />;
  return (
    <>
      <VerifyPhone
        phoneNumber={phoneNumberOf(location.state)}
        stepToken={step.token}
        onVerified={() => setDone(true)}
        onCancel={() => leaveMfaStep(step)}
      />
      <EnrolmentSuccessDialog open={done} onOk={() => leaveMfaStep(step)} />
    </>
  );
}

export { phoneNumberOf };
