import { csvFileName, toCsv } from '@blotter/shared/presentation';
import type { AnalysisResult } from '@blotter/shared/schemas/analysis';

/**
 * A result as a table: one row per bucket, one count per series. Series that share buckets
 * (weekday, hour, class, or overlapping ranges) line up by key; series over disjoint ranges (this
 * year's months against last year's) line up by position, each row keeping each series' own label.
 */
export interface ChartTable {
  /** The category of each row, as the axis shows it. */
  categories: string[];
  /** Per row, each series' own label of the bucket (the same as the category when keys line up). */
  rowLabels: string[][];
  /** Per row, the bucket key of the first series having one (the class id on drill-down). */
  keys: (string | undefined)[][];
  /** Per row, whether a click drills further (class frequency only). */
  drillable: boolean[][];
  series: { name: string; counts: number[] }[];
}

export function chartTable(result: AnalysisResult): ChartTable {
  const series = result.series;
  const keyLists = series.map((one) => one.data.map((entry) => entry.period));
  const first = keyLists[0] ?? [];
  const firstKeys = new Set(first);
  const overlapping = keyLists.every((keys) => keys.length === 0 || keys.some((key) => firstKeys.has(key)));
  if (overlapping || result.frequency === 'class') {
    // Union of keys: classes in order of appearance; dates, weekdays and hours sort as their keys.
    const order: string[] = [];
    const label = new Map<string, string>();
    for (const one of series)
      for (const entry of one.data) {
        if (!label.has(entry.period)) order.push(entry.period);
        label.set(entry.period, label.get(entry.period) ?? entry.label);
      }
    if (result.frequency !== 'class') order.sort();
    const lookups = series.map((one) => new Map(one.data.map((entry) => [entry.period, entry])));
    return {
      categories: order.map((key) => label.get(key) ?? key),
      rowLabels: order.map((key) => series.map(() => label.get(key) ?? key)),
      keys: order.map((key) => series.map(() => key)),
      drillable: order.map((key) => lookups.map((map) => Boolean(map.get(key)?.hasChildren))),
      series: series.map((one, i) => ({
        name: one.periodName,
        counts: order.map((key) => lookups[i]?.get(key)?.count ?? 0),
      })),
    };
  }
  const rows = Math.max(0, ...series.map((one) => one.data.length));
  const indexes = Array.from({ length: rows }, (_, i) => i);
  return {
    categories: indexes.map((i) => series.find((one) => one.data[i])?.data[i]?.label ?? ''),
    rowLabels: indexes.map((i) => series.map((one) => one.data[i]?.label ?? '')),
    keys: indexes.map((i) => series.map((one) => one.data[i]?.period)),
    drillable: indexes.map((i) => series.map((one) => Boolean(one.data[i]?.hasChildren))),
    series: series.map((one) => ({ name: one.periodName, counts: indexes.map((i) => one.data[i]?.count ?? 0) })),
  };
}

/** Chart height (spec 2 §9): 500 px for up to 6 series, taller beyond; pies are rows of three. */
export function chartHeight(seriesCount: number, pie: boolean): number {
  if (pie) return Math.max(500, Math.ceil(seriesCount / 3) * 250);
  return seriesCount <= 6 ? 500 : 500 + (seriesCount - 6) * 50;
}

/**
 * The chart's data as CSV: a row per bucket with each series' count. When the series cover
 * different ranges each series gets its bucket column beside its count.
 */
export function chartCsv(result: AnalysisResult): string {
  const table = chartTable(result);
  const aligned = table.rowLabels.every((labels) => labels.every((label) => label === labels[0]));
  if (aligned) {
    return toCsv(
      [result.frequency === 'class' ? 'Class' : 'Period', ...table.series.map((one) => one.name)],
      table.categories.map((category, row) => [category, ...table.series.map((one) => String(one.counts[row] ?? 0))]),
    );
  }
  return toCsv(
    table.series.flatMap((one) => [`${one.name} period`, one.name]),
    table.rowLabels.map((labels, row) =>
      table.series.flatMap((one, i) => [labels[i] ?? '', labels[i] ? String(one.counts[row] ?? 0) : '']),
    ),
  );
}

export const chartFileName = (title: string, extension: 'csv' | 'png') =>
  csvFileName(title).replace(/\.csv$/, `.${extension}`);
