import type { Attachment } from '@blotter/shared/schemas/incident-parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { ensureStoredCopy } from '../utils/unstored-copies';

export interface AttachmentEdit {
  id: string;
  name: string;
  comments: string;
}

/** PUT /incidents/attachments: renames an attachment (and its comments). */
export function editAttachment(edit: AttachmentEdit): Promise<Attachment> {
  return apiFetch<Attachment>('/incidents/attachments', { method: 'PUT', body: edit });
}

export function useEditAttachment(draftId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // A change of the incident's attachment from the form: the copy is stored first, so it follows.
    mutationFn: async (edit: AttachmentEdit) => {
      await ensureStoredCopy(draftId);
      return editAttachment(edit);
    },
    onSuccess: (attachment) => {
      queryClient.setQueryData<Attachment[]>(queryKeys.drafts.attachments(draftId), (list) =>
        list?.map((one) => (one.id === attachment.id ? attachment : one)),
      );
    },
  });
}
