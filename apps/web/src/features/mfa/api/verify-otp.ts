import type { VerifyOtpInput } from '@blotter/shared/schemas/mfa';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /mfa/verifyOTP: answers where the sign-in continues at the identity provider. */
export function verifyOtp(stepToken: string, input: VerifyOtpInput): Promise<{ continueUrl: string }> {
  return apiFetch<{ continueUrl: string }>('/mfa/verifyOTP', { method: 'POST', body: input, accessToken: stepToken });
}

export function useVerifyOtp(stepToken: string) {
  return useMutation({ mutationFn: (input: VerifyOtpInput) => verifyOtp(stepToken, input) });
}
