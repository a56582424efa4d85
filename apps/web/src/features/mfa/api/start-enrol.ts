import type { StartEnrolInput } from '@blotter/shared/schemas/mfa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /mfa/startEnrol: saves the phone to enrol and texts it a code. */
export function startEnrol(input: StartEnrolInput, stepToken?: string): Promise<void> {
  return apiFetch<void>('/mfa/startEnrol', { method: 'POST', body: input, accessToken: stepToken });
}

export function useStartEnrol(stepToken?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartEnrolInput) => startEnrol(input, stepToken),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mfa.all }),
  });
}
