import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /mfa/sendOTPForEnrol: a new code to the phone being enrolled. */
export function sendOtpForEnrol(stepToken?: string): Promise<void> {
  return apiFetch<void>('/mfa/sendOTPForEnrol', { accessToken: stepToken });
}

export function useSendOtpForEnrol(stepToken?: string) {
  return useMutation({ mutationFn: () => sendOtpForEnrol(stepToken) });
}
