import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /users/myEmailVerification: sends the signed-in (pending) user a new verification email. */
export function resendEmailVerification(): Promise<void> {
  return apiFetch<void>('/users/myEmailVerification', { method: 'POST' });
}

export function useResendEmailVerification() {
  return useMutation({ mutationFn: resendEmailVerification });
}
