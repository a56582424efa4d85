import { LIMITS } from '@blotter/shared/constants';
import { useEffect, useState } from 'react';
import { lastPageOf } from '../columns/list-page';

/**
 * The page shown of a server-paged list of 10 rows a page (spec 2 §9), from 0. Once the list's
 * total is known (`keepWithin`), a page past its end (a delete emptied the last page) moves back to
 * the new last page.
 */
export function useListPage() {
  const [page, setPage] = useState(0);
  return { page, pageSize: LIMITS.pageSize, setPage };
}

/** Moves the page of useListPage back within a list of `total` rows (undefined while unknown). */
export function useKeepPageWithin(
  { page, pageSize, setPage }: ReturnType<typeof useListPage>,
  total: number | undefined,
): void {
  const last = total === undefined ? page : lastPageOf(total, pageSize);
  useEffect(() => {
    if (page > last) setPage(last);
  }, [page, last, setPage]);
}
