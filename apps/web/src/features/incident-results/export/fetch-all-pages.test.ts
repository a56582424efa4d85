import type { Page } from '@blotter/shared/schemas/common';
import { describe, expect, it } from 'vitest';
import { type ExportProgress, fetchAllPages } from './fetch-all-pages';

/** A server list of `ids` answering pages like GET /incidents/my; `before(p)` may change the list first. */
function server(ids: string[], before: (p: number) => void = () => {}) {
  const asked: [number, number][] = [];
  const fetchPage = async (p: number, psz: number): Promise<Page<{ id: string }>> => {
    asked.push([p, psz]);
    before(p);
    return {
      items: ids.slice(p * psz, (p + 1) * psz).map((id) => ({ id })),
      total: ids.length,
      page: p,
      pageSize: psz,
    };
  };
  return { asked, fetchPage };
}

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);

describe('fetchAllPages', () => {
  it('reads every page in order and reports the progress after each', async () => {
    const list = server(numbered(25));
    const progress: ExportProgress[] = [];
    const rows = await fetchAllPages(list.fetchPage, 10, (step) => progress.push(step));
    expect(rows.map((row) => row.id)).toEqual(numbered(25));
    expect(list.asked).toEqual([
      [0, 10],
      [1, 10],
      [2, 10],
    ]);
    expect(progress).toEqual([
      { loaded: 10, total: 25 },
      { loaded: 20, total: 25 },
      { loaded: 25, total: 25 },
    ]);
  });

  it('reads no more pages than the first maxRows rows need, and answers those rows', async () => {
    const list = server(numbered(95));
    const progress: ExportProgress[] = [];
    const rows = await fetchAllPages(list.fetchPage, 10, (step) => progress.push(step), undefined, 25);
    expect(rows.map((row) => row.id)).toEqual(numbered(25));
    expect(list.asked).toHaveLength(3);
    expect(progress.at(-1)).toEqual({ loaded: 25, total: 25 });
  });

  it('asks once for an empty list and once for a list of exactly one page', async () => {
    const empty = server([]);
    expect(await fetchAllPages(empty.fetchPage, 10)).toEqual([]);
    expect(empty.asked).toHaveLength(1);
    const full = server(numbered(10));
    expect(await fetchAllPages(full.fetchPage, 10)).toHaveLength(10);
    expect(full.asked).toHaveLength(1);
  });

  it('keeps a row once when a new one pushes it onto the next page while reading', async () => {
    const ids = numbered(15);
    const list = server(ids, (p) => {
      if (p === 1) ids.unshift('new');
    });
    const rows = await fetchAllPages(list.fetchPage, 10);
    expect(rows.map((row) => row.id)).toEqual(numbered(15));
  });

  it('passes a failed page on (the caller reports it)', async () => {
    const failing = async () => {
      throw new Error('Server error');
    };
    await expect(fetchAllPages(failing, 10)).rejects.toThrow('Server error');
  });
});
