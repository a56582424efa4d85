import type { AnalysisFrequency, AnalysisResult } from '@blotter/shared/schemas/analysis';

/**
 * The category axis of a chart of several periods (docs/architecture.md §8, Analysis charts):
 * - `shared`: one axis of real buckets, the union of every period's buckets in order. Weekday, hour
 *   and class always; day, month and year when the periods' buckets together make one unbroken run
 *   (the periods overlap or touch). A series has nothing (null) where its period has no bucket.
 * - `relative`: day, month and year periods with a gap between them: row n is each period's n-th
 *   bucket ('Month 1', 'Month 2' …), each series keeping its own dates for the tooltip.
 * A count is never drawn under a date it does not belong to.
 */
export type AxisMode = 'shared' | 'relative';

export interface ChartAxis {
  mode: AxisMode;
  /** The category of each row, as the axis shows it. */
  categories: string[];
  /** Per row, per series: the index in that series' data of the bucket drawn there, or -1. */
  cells: number[][];
}

type DateFrequency = Extract<AnalysisFrequency, 'day' | 'month' | 'year'>;
const DATE_FREQUENCIES: readonly AnalysisFrequency[] = ['day', 'month', 'year'];
const isDateFrequency = (frequency: AnalysisFrequency): frequency is DateFrequency =>
  DATE_FREQUENCIES.includes(frequency);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The key of the bucket after `key` ('2026-02-28' → '2026-03-01', '2026-12' → '2027-01', '2026' → '2027'). */
export function nextBucketKey(frequency: DateFrequency, key: string): string {
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number);
  switch (frequency) {
    case 'year':
      return pad(year + 1, 4);
    case 'month':
      return month === 12 ? `${pad(year + 1, 4)}-01` : `${pad(year, 4)}-${pad(month + 1)}`;
    case 'day': {
      const next = new Date(0);
      next.setUTCFullYear(year, month - 1, day + 1);
      return next.toISOString().slice(0, 10);
    }
  }
}

/** Whether sorted bucket keys follow each other without a gap. */
export function unbroken(frequency: DateFrequency, sortedKeys: readonly string[]): boolean {
  return sortedKeys.every((key, i) => i === 0 || nextBucketKey(frequency, sortedKeys[i - 1] ?? '') === key);
}

const RELATIVE_UNITS: Record<DateFrequency, string> = { day: 'Day', month: 'Month', year: 'Year' };

/** The category of row n (from 0) of a relative axis: 'Month 1'. */
export const relativeCategory = (frequency: DateFrequency, row: number) => `${RELATIVE_UNITS[frequency]} ${row + 1}`;

/** The axis of a result's series (see ChartAxis). */
export function chartAxis(result: AnalysisResult): ChartAxis {
  const { series, frequency } = result;
  const order: string[] = [];
  const labels = new Map<string, string>();
  for (const one of series)
    for (const entry of one.data)
      if (!labels.has(entry.period)) {
        order.push(entry.period);
        labels.set(entry.period, entry.label);
      }
  // Classes and repeat subjects (the most incidents first) keep the server's order; dates, weekdays
  // (Sunday first, as the app's date pickers and search) and hours sort as their keys.
  if (frequency !== 'class' && frequency !== 'repeatSubjects') order.sort();
  if (!isDateFrequency(frequency) || unbroken(frequency, order)) {
    const indexes = series.map((one) => new Map(one.data.map((entry, i) => [entry.period, i])));
    return {
      mode: 'shared',
      categories: order.map((key) => labels.get(key) ?? key),
      cells: order.map((key) => indexes.map((index) => index.get(key) ?? -1)),
    };
  }
  const rows = Math.max(0, ...series.map((one) => one.data.length));
  return {
    mode: 'relative',
    categories: Array.from({ length: rows }, (_, row) => relativeCategory(frequency, row)),
    cells: Array.from({ length: rows }, (_, row) => series.map((one) => (row < one.data.length ? row : -1))),
  };
}
