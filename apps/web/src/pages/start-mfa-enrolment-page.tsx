import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useStartEnrol } from '../features/mfa/api/start-enrol';
import { MfaCard } from '../features/mfa/components/mfa-card';
import { PhoneForm } from '../features/mfa/components/phone-form';
import { leaveMfaStep, takeMfaStep } from '../features/mfa/model/mfa-step-store';
import { errorMessage } from '../lib/api-error';
import { toastError } from '../lib/toast';
import { MfaExpired } from './mfa-page';

/** '/startMfaEnrolloment': a user without a verification phone enrols one during sign-in. */
export default function StartMfaEnrolmentPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [step] = useState(() => takeMfaStep(location.search));
  const start = useStartEnrol(step?.token);
  if (!step) return <MfaExpired />;
  return (
    <MfaCard
      title="Two-factor verification"
      text="Your company signs in with a code sent to your phone. Enter the mobile number to send codes to."
    >
      <PhoneForm
        busy={start.isPending}
        onSave={(phoneNumber) =>
          start.mutateAsync({ phoneNumber }).then(
            () => navigate('/verifyEnrollment', { state: { phoneNumber } }),
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
