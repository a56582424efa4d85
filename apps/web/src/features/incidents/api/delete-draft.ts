import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** DELETE /draftIncidents/{id}: removes a working copy. */
export function deleteDraft(id: string): Promise<void> {
  return apiFetch<void>(`/draftIncidents/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteDraft() {
  return useMutation({ mutationFn: deleteDraft });
}
