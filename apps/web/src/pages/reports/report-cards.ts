import type { SavedAnalysis } from '@blotter/shared/schemas/analysis';
import type { SavedSearch } from '@blotter/shared/schemas/search';

/** A card of the Reports page: a search report or a chart report (spec 2 §2, §3 saved report). */
export type ReportCard = { kind: 'search'; report: SavedSearch } | { kind: 'chart'; report: SavedAnalysis };
export type ReportSource = ReportCard['kind'];

/** What has been read of one source: its pages so far, newest first, and whether more pages exist. */
export interface LoadedSource<Report> {
  items: readonly Report[];
  hasMore: boolean;
}

const newestFirst = (a: ReportCard, b: ReportCard) =>
  b.report.creationDate.localeCompare(a.report.creationDate) || a.report.id.localeCompare(b.report.id);

/**
 * The two sources merged newest first (spec 2 §3: 'merged and sorted by creationDate'), each read
 * page by page from the server. A card is shown only when no unread page can hold a newer one: down
 * to the oldest date read of each source that has more pages. `next` is the source whose next page
 * lets more cards show (undefined when everything is shown).
 */
export function mergeReportCards(
  search: LoadedSource<SavedSearch>,
  chart: LoadedSource<SavedAnalysis> | undefined,
): { cards: ReportCard[]; next: ReportSource | undefined } {
  const all: ReportCard[] = [
    ...search.items.map((report) => ({ kind: 'search', report }) as const),
    ...(chart?.items ?? []).map((report) => ({ kind: 'chart', report }) as const),
  ].sort(newestFirst);
  // The oldest date read of each source with more pages: nothing unread of it is newer.
  const limits: { source: ReportSource; oldest: string }[] = [];
  const oldestOf = (items: readonly { creationDate: string }[]) => items.at(-1)?.creationDate ?? '\uffff';
  if (search.hasMore) limits.push({ source: 'search', oldest: oldestOf(search.items) });
  if (chart?.hasMore) limits.push({ source: 'chart', oldest: oldestOf(chart.items) });
  if (limits.length === 0) return { cards: all, next: undefined };
  const limit = limits.reduce((a, b) => (b.oldest > a.oldest ? b : a));
  return { cards: all.filter((card) => card.report.creationDate >= limit.oldest), next: limit.source };
}
