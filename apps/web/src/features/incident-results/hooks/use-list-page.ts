import { LIMITS } from '@blotter/shared/constants';
import { useEffect, useState } from 'react';
import { lastPageOf } from '../columns/list-page';
import type { TablePaging } from '../components/results-table';

/**
 * The page shown of a server-paged list of 10 rows a page (spec 2 §9), from 0; the list's query
 * reads it, and useTablePaging hands it to the table with the list's total.
 */
export function useListPage() {
  const [page, setPage] = useState(0);
  return { page, pageSize: LIMITS.pageSize, setPage };
}

/**
 * The table's paging of the list of useListPage, once its `total` is known; a page past the end (a
 * delete emptied the last page) moves back to the new last page. A `capped` total ('1,000+') has no
 * last page: the pages past it are still read.
 */
export function useTablePaging(
  { page, pageSize, setPage }: ReturnType<typeof useListPage>,
  total: number | undefined,
  capped = false,
): TablePaging {
  const last = total === undefined || capped ? page : lastPageOf(total, pageSize);
  useEffect(() => {
    if (page > last) setPage(last);
  }, [page, last, setPage]);
  return { page, pageSize, total: total ?? 0, totalCapped: capped, onPageChange: setPage };
}
