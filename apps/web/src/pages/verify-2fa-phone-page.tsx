import { useLocation, useNavigate } from 'react-router';
import { VerifyPhone } from '../features/mfa/components/verify-phone';
import { toastSuccess } from '../lib/toast';
import { phoneNumberOf } from './verify-enrolment-page';

export const PHONE_CHANGED = 'Your phone is successfully registered.';

/** '/verify2FAPhone': the code sent to the new phone; success and Cancel return to /profile. */
export default function Verify2faPhonePage() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <VerifyPhone
      phoneNumber={phoneNumberOf(location.state)}
      onVerified={() => {
        toastSuccess(PHONE_CHANGED);
        navigate('/profile');
      }}
      onCancel={() => navigate('/profile')}
    />
  );
}
