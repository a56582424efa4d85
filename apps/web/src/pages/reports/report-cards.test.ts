import type { SavedAnalysis } from '@blotter/shared/schemas/analysis';
import type { SavedSearch } from '@blotter/shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { mergeReportCards } from './report-cards';

const search = (id: string, creationDate: string): SavedSearch => ({
  id,
  name: id,
  description: '',
  criteria: {},
  columns: [],
  sort: { by: 'number', direction: 'desc' },
  creationDate,
  lastUpdateDate: creationDate,
  createUserName: 'Ada Admin',
});
const chart = (id: string, creationDate: string): SavedAnalysis => ({
  id,
  name: id,
  description: '',
  criteria: [],
  chartType: 'bar',
  frequency: 'month',
  incidentClasses: [],
  creationDate,
});
const ids = (result: ReturnType<typeof mergeReportCards>) => result.cards.map((card) => card.report.id);

describe('mergeReportCards', () => {
  it('merges both sources newest first when every page is read', () => {
    const result = mergeReportCards(
      { items: [search('s2', '2026-05-02'), search('s1', '2026-01-01')], hasMore: false },
      { items: [chart('c2', '2026-06-01'), chart('c1', '2026-03-01')], hasMore: false },
    );
    expect(ids(result)).toEqual(['c2', 's2', 'c1', 's1']);
    expect(result.next).toBeUndefined();
    expect(result.cards.map((card) => card.kind)).toEqual(['chart', 'search', 'chart', 'search']);
  });

  it('shows only what no unread page can come before, and names the source to read next', () => {
    // Unread search reports are all older than 2026-05-02; unread chart reports older than 2026-03-01.
    const result = mergeReportCards(
      { items: [search('s3', '2026-07-01'), search('s2', '2026-05-02')], hasMore: true },
      { items: [chart('c2', '2026-06-01'), chart('c1', '2026-03-01')], hasMore: true },
    );
    expect(ids(result)).toEqual(['s3', 'c2', 's2']);
    expect(result.next).toBe('search');
  });

  it('leaves the chart reports out on a phone (no chart source)', () => {
    const result = mergeReportCards({ items: [search('s1', '2026-01-01')], hasMore: false }, undefined);
    expect(ids(result)).toEqual(['s1']);
  });

  it('waits for the first page of a source that has not answered yet', () => {
    const result = mergeReportCards(
      { items: [search('s1', '2026-01-01')], hasMore: false },
      { items: [], hasMore: true },
    );
    expect(ids(result)).toEqual([]);
    expect(result.next).toBe('chart');
  });
});
