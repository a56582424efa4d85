import type { SignUp, SignUpAnswer } from '@blotter/shared/schemas/sign-up';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /accounts: signs the company up for the free trial; answers the user with a status. */
export function signUp(form: SignUp): Promise<SignUpAnswer> {
  return apiFetch<SignUpAnswer>('/accounts', { method: 'POST', body: form });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
