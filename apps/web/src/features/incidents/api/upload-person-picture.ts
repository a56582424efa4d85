import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { uploadWithProgress } from '../../../lib/upload';
import { ensureStoredCopy } from '../utils/unstored-copies';

export interface PictureUploaded {
  /** Storage key kept on the card as personPicture. */
  fileName: string;
  /** Short-lived signed URL to show the picture. */
  sasKey: string;
}

export interface PersonPictureUpload {
  /** The person card's id. */
  personCardId: string;
  /** The working copy (draft) id. */
  incidentId: string;
  file: Blob;
  fileName: string;
}

/** The signed URL of an uploaded picture, kept by its storage key while the page lives. */
/** POST /incidents/persons/picture/{id} (multipart incidentId, file): stores a cropped picture. */
export function uploadPersonPicture(upload: PersonPictureUpload): Promise<PictureUploaded> {
  const file = new File([upload.file], upload.fileName, { type: upload.file.type || 'image/jpeg' });
  return uploadWithProgress<PictureUploaded>(`/incidents/persons/picture/${encodeURIComponent(upload.personCardId)}`, {
    fields: { incidentId: upload.incidentId, file },
  });
}

/** A failed upload is reported with an error toast (spec 1 §8); the answer's URL is kept to show it. */
export function useUploadPersonPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upload: PersonPictureUpload) => {
      await ensureStoredCopy(upload.incidentId);
      return uploadPersonPicture(upload);
    },
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.incidents.personPicture(answer.fileName), answer.sasKey),
  });
}

/**
 * The URL to show a card's picture: from the upload, the register (POST /incidents/persons) or
 * the working draft's pictureUrls (the draft keeps only the storage key).
 */
export function usePersonPictureUrl(fileName: string | null): string | undefined {
  const { data } = useQuery<string>({
    queryKey: queryKeys.incidents.personPicture(fileName ?? ''),
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return fileName ? data : undefined;
}
