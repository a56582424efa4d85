import type { ImportRowOutcome } from '@blotter/shared/schemas/imports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { IMPORT_PAGE_SIZE, type ImportRowsPage, importPath } from './import-types';

/** GET /imports/{id}/rows?outcome&p&psz: a page of the rows of the last dry run or import. */
export function useImportRows(id: string, outcome: ImportRowOutcome | undefined, page: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.imports.rows(id, outcome, page, IMPORT_PAGE_SIZE),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ p: String(page), psz: String(IMPORT_PAGE_SIZE) });
      if (outcome) query.set('outcome', outcome);
      return apiFetch<ImportRowsPage>(importPath(id, `/rows?${query}`), { signal });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
