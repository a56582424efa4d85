import { SEARCH_TOTAL_CAP, type SearchCount, type SearchResultsPage } from '@blotter/shared/schemas/search';
import { useState } from 'react';
import { type SearchRun, useExactSearchCount, useSearchCount } from '../../features/search/api/search-incidents';

/** The total of a search run as its status line and pager show it. */
export interface SearchTotal {
  /** The total known so far (undefined while the first count runs). */
  known: SearchCount | undefined;
  /** The first count failed and nothing else told the total. */
  failed: boolean;
  /**
   * Asks for the exact figure ('Count all'): offered while the total known is capped below
   * SEARCH_TOTAL_CAP (the quick '1,000+' of criteria that search texts); else undefined.
   */
  countAll: (() => void) | undefined;
  /** The exact figure is being counted. */
  countingAll: boolean;
  /** The exact count failed (Count all may be asked again). */
  countAllFailed: boolean;
}

/**
 * What a page tells of the total: its own (a short page, every match gathered, a counted page), or
 * for an empty page past the first the rows before it. Only Next leads there, and only from a full
 * page, so that is the whole list: the pager then moves back to the last page, now without Next
 * (a capped total keeps Next until such a page, when the last full page ends the list).
 */
function pageTold(page: SearchResultsPage): SearchCount | undefined {
  if (page.total !== null) return { total: page.total, totalCapped: page.totalCapped };
  if (page.items.length === 0 && page.page > 0) return { total: page.page * page.pageSize, totalCapped: false };
  return undefined;
}

/**
 * The total of a search run: the page's when reading it told it (a short page, every match
 * gathered, a report run's counted page), and kept when the next page does not (paging back from
 * the short last page); else the exact count once asked for, else the quick count asked beside the
 * first page (exact up to 10,000, or up to 1,000 for criteria that search texts).
 */
export function useSearchTotal(run: SearchRun, page: SearchResultsPage | undefined): SearchTotal {
  const quick = useSearchCount(run);
  const [asked, setAsked] = useState(false);
  const exact = useExactSearchCount(run, asked);
  const fromPage = page ? pageTold(page) : undefined;
  // What a page told, remembered for this run (the results are keyed by run).
  const [told, setTold] = useState<SearchCount | undefined>(undefined);
  if (fromPage && !fromPage.totalCapped && fromPage.total !== told?.total) setTold(fromPage);
  const known = fromPage ?? told ?? exact.data ?? quick.data;
  const countable = known?.totalCapped && known.total < SEARCH_TOTAL_CAP;
  return {
    known,
    failed: known === undefined && quick.isError,
    countAll: countable
      ? () => {
          if (asked) void exact.refetch();
          else setAsked(true);
        }
      : undefined,
    countingAll: exact.isFetching,
    countAllFailed: exact.isError && !exact.isFetching,
  };
}
