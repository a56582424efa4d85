import type { Attachment } from '@blotter/shared/schemas/incident-parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { uploadWithProgress } from '../../../lib/upload';
import { ensureStoredCopy } from '../utils/unstored-copies';

export interface AttachmentUpload {
  /** The working copy (draft) id. */
  incidentId: string;
  incidentItemId: string | null;
  incidentVehicleId: string | null;
  name: string;
  comments: string;
  file: File;
}

/** POST /incidents/attachments (multipart): stores the file; the answer is the attachment. */
export function uploadAttachment(
  upload: AttachmentUpload,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Attachment> {
  return uploadWithProgress<Attachment>('/incidents/attachments', {
    fields: {
      incidentId: upload.incidentId,
      incidentItemId: upload.incidentItemId,
      incidentVehicleId: upload.incidentVehicleId,
      name: upload.name,
      comments: upload.comments,
      file: upload.file,
    },
    onProgress,
    signal,
  });
}

/** Uploads with progress and keeps the answer (signed URLs) in the working copy's attachment list. */
export function useUploadAttachment(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upload: AttachmentUpload) => {
      await ensureStoredCopy(upload.incidentId);
      return uploadAttachment(upload, onProgress);
    },
    onSuccess: (attachment, upload) => {
      const key = queryKeys.drafts.attachments(upload.incidentId);
      // Before the list has loaded, a one-entry list would hide the others: load it instead.
      if (!queryClient.getQueryData(key)) return queryClient.invalidateQueries({ queryKey: key });
      queryClient.setQueryData<Attachment[]>(key, (list) => [
        ...(list ?? []).filter((one) => one.id !== attachment.id),
        attachment,
      ]);
    },
  });
}
