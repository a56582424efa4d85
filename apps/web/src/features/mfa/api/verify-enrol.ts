import type { VerifyEnrolInput } from '@blotter/shared/schemas/mfa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /mfa/verifyEnrol: the enrolled phone becomes the verification phone. */
export function verifyEnrol(input: VerifyEnrolInput, stepToken?: string): Promise<void> {
  return apiFetch<void>('/mfa/verifyEnrol', { method: 'POST', body: input, accessToken: stepToken });
}

export function useVerifyEnrol(stepToken?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerifyEnrolInput) => verifyEnrol(input, stepToken),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mfa.all }),
  });
}
