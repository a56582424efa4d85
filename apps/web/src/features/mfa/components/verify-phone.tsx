import { maskPhoneNumber } from '@blotter/shared/schemas/mfa';
import { errorMessage } from '../../../lib/api-error';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSendOtpForEnrol } from '../api/send-otp-for-enrol';
import { useVerifyEnrol } from '../api/verify-enrol';
import { MfaCard } from './mfa-card';
import { OtpForm } from './otp-form';

export const NEW_CODE_SENT = 'A new code is sent to your phone.';

interface VerifyPhoneProps {
  /** The number being enrolled (navigation state of the page before). */
  phoneNumber: string | undefined;
  /** The sign-in's step token; the signed-in user's session without one. */
  stepToken?: string;
  onVerified: () => void;
  onCancel: () => void;
}

/** Enter the code texted to the phone being enrolled: Code, Verify code, Send new code, Cancel. */
export function VerifyPhone({ phoneNumber, stepToken, onVerified, onCancel }: VerifyPhoneProps) {
  const resend = useSendOtpForEnrol(stepToken);
  const verify = useVerifyEnrol(stepToken);
  const to = phoneNumber ? `your phone ${maskPhoneNumber(phoneNumber)}` : 'your phone';
  return (
    <MfaCard title="Verify your phone" text={`Enter the 6 digit code we sent to ${to}.`}>
      <OtpForm
        codeSent
        busy={resend.isPending || verify.isPending}
        sendLabel="Send new code"
        onSend={() =>
          resend.mutate(undefined, {
            onSuccess: () => toastSuccess(NEW_CODE_SENT),
            onError: (error) => toastError(errorMessage(error)),
          })
        }
        onVerify={(otp) =>
          verify.mutateAsync({ otp }).then(onVerified, (error: unknown) => {
            toastError(errorMessage(error));
            throw error;
          })
        }
        onCancel={onCancel}
      />
    </MfaCard>
  );
}
