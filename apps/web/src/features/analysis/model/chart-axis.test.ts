import type { AnalysisFrequency, AnalysisResult, AnalysisSeries } from '@blotter/shared/schemas/analysis';
import { describe, expect, it } from 'vitest';
import { chartAxis, nextBucketKey, unbroken } from './chart-axis';
import { chartTable } from './chart-data';
import { axisTooltip } from './chart-options';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A month series as the server answers it: every month of from..to, the count of month n being `count(n)`. */
function monthSeries(periodName: string, from: string, to: string, count = (_n: number) => 1): AnalysisSeries {
  const data: AnalysisSeries['data'] = [];
  for (let key = from; key <= to; key = nextBucketKey('month', key)) {
    data.push({
      period: key,
      label: `${MONTHS[Number(key.slice(5)) - 1]} ${key.slice(0, 4)}`,
      count: count(data.length),
    });
  }
  return { periodName, fromDate: `${from}-01`, toDate: `${to}-28`, data };
}

const result = (frequency: AnalysisFrequency, series: AnalysisSeries[]): AnalysisResult => ({
  name: 'Chart',
  frequency,
  selectedClasses: [],
  series,
});

describe('nextBucketKey', () => {
  it('steps over month, year and leap-day ends', () => {
    expect(nextBucketKey('day', '2028-02-28')).toBe('2028-02-29');
    expect(nextBucketKey('day', '2026-02-28')).toBe('2026-03-01');
    expect(nextBucketKey('day', '2026-12-31')).toBe('2027-01-01');
    expect(nextBucketKey('month', '2026-12')).toBe('2027-01');
    expect(nextBucketKey('month', '2026-09')).toBe('2026-10');
    expect(nextBucketKey('year', '2026')).toBe('2027');
  });

  it('knows an unbroken run from one with a gap', () => {
    expect(unbroken('month', ['2025-11', '2025-12', '2026-01'])).toBe(true);
    expect(unbroken('month', ['2025-11', '2026-01'])).toBe(false);
    expect(unbroken('day', ['2026-02-28', '2026-03-01'])).toBe(true);
  });
});

describe('chartAxis (issue 27: counts under the dates they belong to)', () => {
  it("draws 'Previous 12 months' and 'Current month' on one axis of 13 months, this month's count under this month", () => {
    // On 27 Nov 2026: the previous 12 months are Nov 2025 to Oct 2026; the current month touches them.
    const previous = monthSeries('Previous 12 months', '2025-11', '2026-10', (n) => n + 1);
    const current = monthSeries('Current month', '2026-11', '2026-11', () => 9);
    const table = chartTable(result('month', [previous, current]));
    expect(table.mode).toBe('shared');
    expect(table.categories).toHaveLength(13);
    expect(table.categories[0]).toBe('Nov 2025');
    expect(table.categories[12]).toBe('Nov 2026');
    expect(table.series[0]?.counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, null]);
    // Before the fix, 9 was drawn under Nov 2025, the previous period's first month.
    expect(table.series[1]?.counts).toEqual([...Array(12).fill(null), 9]);
  });

  it('puts the five month presets (0, 1, 2, 3, 12) on one axis in date order, each series only in its months', () => {
    const series = [
      monthSeries('Current month', '2026-11', '2026-11'),
      monthSeries('Previous month', '2026-10', '2026-10'),
      monthSeries('Previous 2 months', '2026-09', '2026-10'),
      monthSeries('Previous 3 months', '2026-08', '2026-10'),
      monthSeries('Previous 12 months', '2025-11', '2026-10'),
    ];
    const axis = chartAxis(result('month', series));
    expect(axis.mode).toBe('shared');
    expect(axis.categories).toEqual([
      'Nov 2025',
      'Dec 2025',
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
      'May 2026',
      'Jun 2026',
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
    ]);
    const drawn = (i: number) => axis.categories.filter((_, row) => (axis.cells[row]?.[i] ?? -1) >= 0);
    expect(drawn(0)).toEqual(['Nov 2026']);
    expect(drawn(1)).toEqual(['Oct 2026']);
    expect(drawn(2)).toEqual(['Sep 2026', 'Oct 2026']);
    expect(drawn(3)).toEqual(['Aug 2026', 'Sep 2026', 'Oct 2026']);
    expect(drawn(4)).toHaveLength(12);
  });

  it('numbers the buckets of periods with a gap between them, each series keeping its own dates in the tooltip', () => {
    const thisYear = monthSeries('2026', '2026-01', '2026-03', (n) => 10 + n);
    const lastYear = monthSeries('2024', '2024-01', '2024-02', (n) => 20 + n);
    const table = chartTable(result('month', [thisYear, lastYear]));
    expect(table.mode).toBe('relative');
    expect(table.categories).toEqual(['Month 1', 'Month 2', 'Month 3']);
    expect(table.rowLabels[1]).toEqual(['Feb 2026', 'Feb 2024']);
    expect(table.series[1]?.counts).toEqual([20, 21, null]);
    const tip = axisTooltip(table, [
      { seriesIndex: 0, dataIndex: 2, marker: '' },
      { seriesIndex: 1, dataIndex: 2, marker: '' },
    ]);
    // The period without a third month says nothing there.
    expect(tip).toBe('Month 3<br/>2026 (Mar 2026): <b>12</b>');
  });

  it('shares one axis for days that touch across a month end, years likewise', () => {
    const day = (period: string, count: number) => ({ period, label: period, count });
    const days = chartAxis(
      result('day', [
        {
          periodName: 'A',
          fromDate: '2026-02-27',
          toDate: '2026-02-28',
          data: [day('2026-02-27', 1), day('2026-02-28', 2)],
        },
        { periodName: 'B', fromDate: '2026-03-01', toDate: '2026-03-01', data: [day('2026-03-01', 3)] },
      ]),
    );
    expect(days.mode).toBe('shared');
    expect(days.cells).toEqual([
      [0, -1],
      [1, -1],
      [-1, 0],
    ]);
    const years = chartAxis(
      result('year', [
        { periodName: 'A', fromDate: '2024-01-01', toDate: '2024-12-31', data: [day('2024', 1)] },
        { periodName: 'B', fromDate: '2026-01-01', toDate: '2026-12-31', data: [day('2026', 2)] },
      ]),
    );
    expect(years).toEqual({ mode: 'relative', categories: ['Year 1'], cells: [[0, 0]] });
  });

  it('orders weekdays Sunday to Saturday, as the app does elsewhere, whatever order they came in', () => {
    const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const week = names.map((label, n) => ({ period: String(n), label, count: n }));
    const axis = chartAxis(
      result('weekday', [
        { periodName: 'A', fromDate: '', toDate: '', data: [...week.slice(3), ...week.slice(0, 3)] },
        { periodName: 'B', fromDate: '', toDate: '', data: week },
      ]),
    );
    expect(axis.mode).toBe('shared');
    expect(axis.categories).toEqual(names);
  });
});
