import { useNavigate } from 'react-router';
import { useStartEnrol } from '../features/mfa/api/start-enrol';
import { MfaCard } from '../features/mfa/components/mfa-card';
import { PhoneForm } from '../features/mfa/components/phone-form';
import { errorMessage } from '../lib/api-error';
import { toastError } from '../lib/toast';

/** '/change2FAPhone': a new verification phone, from the profile (desktop). */
export default function Change2faPhonePage() {
  const navigate = useNavigate();
  const start = useStartEnrol();
  return (
    <MfaCard title="Change MFA Phone" text="Enter the mobile number to send your sign-in codes to.">
      <PhoneForm
        busy={start.isPending}
        onSave={(phoneNumber) =>
          start.mutateAsync({ phoneNumber }).then(
            () => navigate('/verify2FAPhone', { state: { phoneNumber } }),
            (error: unknown) => {
              toastError(errorMessage(error));
              throw error;
            },
          )
        }
        onCancel={() => navigate('/profile')}
      />
    </MfaCard>
  );
}
