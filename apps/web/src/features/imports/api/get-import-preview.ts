import type { ImportPreview } from '@blotter/shared/schemas/imports';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { importPath } from './import-types';

/** GET /imports/{id}/preview: the first rows as they will be stored, and the lookup values to map. */
export function useImportPreview(id: string) {
  return useQuery({
    queryKey: queryKeys.imports.preview(id),
    queryFn: ({ signal }) => apiFetch<ImportPreview>(importPath(id, '/preview'), { signal }),
  });
}
