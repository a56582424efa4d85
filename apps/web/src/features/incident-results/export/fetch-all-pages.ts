import type { Page } from '@blotter/shared/schemas/common';

/** Reads page p (from 0) of psz rows of a list, with the list's total. */
export type PageFetcher<Row> = (p: number, psz: number, signal?: AbortSignal) => Promise<Page<Row>>;

export interface ExportProgress {
  loaded: number;
  total: number;
}

/**
 * Every row of a server-paged list, read page after page (`pageSize` rows each, the largest page
 * the server answers), telling the progress after each page; at most `maxRows` when given (the
 * first ones: a print takes no more). The total is re-read with every page; a row that moves onto
 * the next page while reading (a new incident pushes the others down) is kept once. Stops at the
 * first short page, so a list that shrinks while reading ends early.
 */
export async function fetchAllPages<Row extends { id: string }>(
  fetchPage: PageFetcher<Row>,
  pageSize: number,
  onProgress?: (progress: ExportProgress) => void,
  signal?: AbortSignal,
  maxRows = Number.POSITIVE_INFINITY,
): Promise<Row[]> {
  const rows = new Map<string, Row>();
  for (let p = 0; ; p++) {
    const page = await fetchPage(p, pageSize, signal);
    for (const row of page.items) if (!rows.has(row.id)) rows.set(row.id, row);
    const total = Math.min(page.total, maxRows);
    onProgress?.({ loaded: Math.min(rows.size, total), total });
    if (page.items.length < pageSize || (p + 1) * pageSize >= total) break;
  }
  return [...rows.values()].slice(0, maxRows);
}
