import type { ImportDetail } from '@blotter/shared/schemas/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { importPath } from './import-types';

/** The two background jobs of an import: the dry run (validate) and the import itself (run). */
export type ImportJob = 'validate' | 'run';

/** POST /imports/{id}/validate or /run: 202 with the import, its status validating or importing. */
export function startImportJob(id: string, job: ImportJob): Promise<ImportDetail> {
  return apiFetch<ImportDetail>(importPath(id, `/${job}`), { method: 'POST' });
}

export function useStartImportJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: ImportJob) => startImportJob(id, job),
    onSuccess: async (detail) => {
      // Everything under the import (its rows of the last run) is read again; polling starts from this answer.
      await queryClient.invalidateQueries({ queryKey: queryKeys.imports.allRows(id) });
      queryClient.setQueryData(queryKeys.imports.detail(id), detail);
      await queryClient.invalidateQueries({ queryKey: queryKeys.imports.list });
    },
  });
}
