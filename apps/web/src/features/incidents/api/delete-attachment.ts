import type { Attachment } from '@blotter/shared/schemas/incident-parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { ensureStoredCopy } from '../utils/unstored-copies';

/** DELETE /incidents/attachments/{id}; a stored attachment needs DELETE_ATTACHMENT (spec 1 §6). */
export function deleteAttachment(id: string): Promise<void> {
  return apiFetch<void>(`/incidents/attachments/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAttachment(draftId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // A change of the incident's attachment from the form: the copy is stored first, so it follows.
    mutationFn: async (id: string) => {
      await ensureStoredCopy(draftId);
      return deleteAttachment(id);
    },
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Attachment[]>(queryKeys.drafts.attachments(draftId), (list) =>
        list?.filter((one) => one.id !== id),
      );
    },
  });
}
