import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /mfa/sendOTP: texts a sign-in code to the verified phone. */
export function sendOtp(stepToken: string): Promise<void> {
  return apiFetch<void>('/mfa/sendOTP', { accessToken: stepToken });
}

export function useSendOtp(stepToken: string) {
  return useMutation({ mutationFn: () => sendOtp(stepToken) });
}
