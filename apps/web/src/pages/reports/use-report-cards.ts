import { useAnalysisReports } from '../../features/analysis/api/get-analysis-reports';
import { useSearchReports } from '../../features/search/api/get-search-reports';
import { mergeReportCards, type ReportCard } from './report-cards';

export interface ReportCards {
  cards: ReportCard[];
  loading: boolean;
  error: boolean;
  /** Reads the next page of the source that lets more cards show; undefined when all are shown. */
  loadMore: (() => void) | undefined;
  loadingMore: boolean;
}

/**
 * The Reports page's cards: the company's search reports and (not on a phone) its chart reports,
 * each read page by page from the server and merged newest first (spec 2 §2, §3).
 */
export function useReportCards(withCharts: boolean): ReportCards {
  const searches = useSearchReports();
  const charts = useAnalysisReports(withCharts);
  const loaded = <T>(query: { data?: { pages: { items: T[] }[] } | undefined; hasNextPage: boolean }) => ({
    items: query.data?.pages.flatMap((page) => page.items) ?? [],
    hasMore: query.data === undefined || query.hasNextPage,
  });
  const { cards, next } = mergeReportCards(loaded(searches), withCharts ? loaded(charts) : undefined);
  const source = next === 'chart' ? charts : searches;
  return {
    cards,
    loading: searches.isPending || (withCharts && charts.isPending),
    error: searches.isError || (withCharts && charts.isError),
    loadMore: next && source.hasNextPage ? () => void source.fetchNextPage() : undefined,
    loadingMore: searches.isFetchingNextPage || charts.isFetchingNextPage,
  };
}
