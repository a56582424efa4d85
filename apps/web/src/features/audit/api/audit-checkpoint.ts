import type { AuditCheckpoint, AuditCheckpointVerify } from '@blotter/shared/schemas/audit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /audits/checkpoint: a signed checkpoint of the company's chain head (the server seals first). */
export function getAuditCheckpoint(): Promise<AuditCheckpoint> {
  return apiFetch<AuditCheckpoint>('/audits/checkpoint');
}

/** POST /audits/verify: the chain check and whether it still holds the checkpoint's head. */
export function verifyAuditCheckpoint(checkpoint: string): Promise<AuditCheckpointVerify> {
  return apiFetch<AuditCheckpointVerify>('/audits/verify', { method: 'POST', body: { checkpoint } });
}

export function useAuditCheckpoint() {
  const queryClient = useQueryClient();
  // Taking a checkpoint seals what was committed: the chain status line may read again.
  return useMutation({
    mutationFn: getAuditCheckpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.audits.all }),
  });
}

export function useVerifyAuditCheckpoint() {
  return useMutation({ mutationFn: verifyAuditCheckpoint });
}
