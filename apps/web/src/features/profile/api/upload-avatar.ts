import type { AvatarUploadAnswer } from '@blotter/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { uploadWithProgress } from '../../../lib/upload';

/** POST /users/avatars (multipart): the answer's data is the new picture's URL. */
export const uploadAvatar = (file: Blob, fileName: string) =>
  uploadWithProgress<AvatarUploadAnswer>('/users/avatars', {
    fields: { file: new File([file], fileName, { type: file.type }) },
  });

/** The profile and the account menu (which reads the cached profile) show the new picture at once. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, fileName }: { file: Blob; fileName: string }) => uploadAvatar(file, fileName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.profile }),
  });
}
