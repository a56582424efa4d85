import type { ImportDetail, ImportMapping } from '@blotter/shared/schemas/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { importPath } from './import-types';

/** PUT /imports/{id}/mapping: the columns and values; a dry run done before must be run again. */
export function saveImportMapping(id: string, mapping: ImportMapping): Promise<ImportDetail> {
  return apiFetch<ImportDetail>(importPath(id, '/mapping'), { method: 'PUT', body: mapping });
}

export function useSaveImportMapping(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: ImportMapping) => saveImportMapping(id, mapping),
    onSuccess: async (detail) => {
      queryClient.setQueryData(queryKeys.imports.detail(id), detail);
      // The preview and the rows were made with the mapping before.
      await queryClient.invalidateQueries({ queryKey: queryKeys.imports.preview(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.imports.list });
    },
  });
}
