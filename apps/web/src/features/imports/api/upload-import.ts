import type { ImportDetail } from '@blotter/shared/schemas/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { uploadWithProgress } from '../../../lib/upload';

/** POST /imports (multipart 'file'): the file's sheets, headers and guessed mapping. */
export function uploadImport(file: File, onProgress: (fraction: number) => void): Promise<ImportDetail> {
  return uploadWithProgress<ImportDetail>('/imports', { fields: { file }, onProgress });
}

export function useUploadImport(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadImport(file, onProgress),
    onSuccess: (detail) => {
      queryClient.setQueryData(queryKeys.imports.detail(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: queryKeys.imports.list });
    },
  });
}
