import type { ApiTokenCreated, ApiTokenInput } from '@blotter/shared/schemas/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /apiTokens: the new token and, this once, its secret. */
export function createApiToken(body: ApiTokenInput): Promise<ApiTokenCreated> {
  return apiFetch<ApiTokenCreated>('/apiTokens', { method: 'POST', body });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}
