import type { ImportField } from '@blotter/shared/schemas/imports';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /imports/fields: the fields a column can fill, for the four entities. */
export function getImportFields(signal?: AbortSignal): Promise<ImportField[]> {
  return apiFetch<ImportField[]>('/imports/fields', { signal });
}

export function useImportFields() {
  return useQuery({
    queryKey: queryKeys.imports.fields,
    queryFn: ({ signal }) => getImportFields(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
