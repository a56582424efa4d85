import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { IMPORT_PAGE_SIZE, type ImportsPage } from './import-types';

/** GET /imports?p&psz: a page of the company's imports, newest first. */
export function getImports(page: number, signal?: AbortSignal): Promise<ImportsPage> {
  return apiFetch<ImportsPage>(`/imports?p=${page}&psz=${IMPORT_PAGE_SIZE}`, { signal });
}

export function useImports(page: number) {
  return useQuery({
    queryKey: queryKeys.imports.page(page, IMPORT_PAGE_SIZE),
    queryFn: ({ signal }) => getImports(page, signal),
    placeholderData: keepPreviousData,
  });
}
