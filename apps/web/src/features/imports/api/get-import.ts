import type { ImportDetail } from '@blotter/shared/schemas/imports';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { importPath } from './import-types';

/** How often an import is read again while its dry run or import runs. */
export const IMPORT_POLL_MS = 1000;

const running = (detail: ImportDetail | undefined) => detail?.status === 'validating' || detail?.status === 'importing';

/** GET /imports/{id}: the import, read again every second while its job runs (progress). */
export function useImport(id: string) {
  return useQuery({
    queryKey: queryKeys.imports.detail(id),
    queryFn: ({ signal }) => apiFetch<ImportDetail>(importPath(id), { signal }),
    refetchInterval: (query) => (running(query.state.data) ? IMPORT_POLL_MS : false),
  });
}
