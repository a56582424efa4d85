import { csvFileName, formatCalendarDate, toCsv } from '@blotter/shared/presentation';
import type { AnalysisFrequency, AnalysisResult } from '@blotter/shared/schemas/analysis';
import { type AxisMode, chartAxis } from './chart-axis';

/**
 * A result as a table: one row per category of the axis (see chart-axis.ts), one count per series,
 * null where the series has no bucket in that row.
 */
export interface ChartTable {
  frequency: AnalysisFrequency;
  /** Whether the rows are real buckets shared by every series or each series' n-th bucket. */
  mode: AxisMode;
  /** The category of each row, as the axis shows it. */
  categories: string[];
  /** Per row, each series' own label of its bucket there ('' when it has none). */
  rowLabels: string[][];
  /** Per row, each series' bucket key there (the class id on drill-down). */
  keys: (string | undefined)[][];
  /** Per row, whether a click drills further (class frequency only). */
  drillable: boolean[][];
  /**
   * Per series its name, its count per row, the sum of its counts and, for repeat subjects, how many
   * subjects came back in the period (the server's count: more than its bars when they are cut).
   */
  series: { name: string; counts: (number | null)[]; total: number; subjects?: number }[];
}

/** How many subjects came back in a repeat subjects period: the server's count, else its bars. */
const subjectsOf = (one: AnalysisResult['series'][number]) => one.subjectTotal ?? one.data.length;

export function chartTable(result: AnalysisResult): ChartTable {
  const axis = chartAxis(result);
  const bucket = (row: number, i: number) => {
    const index = axis.cells[row]?.[i] ?? -1;
    return index < 0 ? undefined : result.series[i]?.data[index];
  };
  const rows = axis.categories.map((_, row) => row);
  return {
    frequency: result.frequency,
    mode: axis.mode,
    categories: axis.categories,
    rowLabels: rows.map((row) => result.series.map((_, i) => bucket(row, i)?.label ?? '')),
    keys: rows.map((row) => result.series.map((_, i) => bucket(row, i)?.period)),
    drillable: rows.map((row) => result.series.map((_, i) => Boolean(bucket(row, i)?.hasChildren))),
    series: result.series.map((one, i) => ({
      name: one.periodName,
      counts: rows.map((row) => bucket(row, i)?.count ?? null),
      total: one.data.reduce((sum, entry) => sum + entry.count, 0),
      ...(result.frequency === 'repeatSubjects' ? { subjects: subjectsOf(one) } : {}),
    })),
  };
}

/** Chart height (spec 2 §9): 500 px for up to 6 series, taller beyond; pies are rows of three. */
export function chartHeight(seriesCount: number, pie: boolean): number {
  if (pie) return Math.max(500, Math.ceil(seriesCount / 3) * 250);
  return seriesCount <= 6 ? 500 : 500 + (seriesCount - 6) * 50;
}

const CSV_BUCKET_HEADINGS: Partial<Record<AnalysisFrequency, string>> = { class: 'Class', repeatSubjects: 'Subject' };

const cell = (count: number | null | undefined) => (count === null || count === undefined ? '' : String(count));

/**
 * The chart's data as CSV: on a shared axis a row per bucket with each series' count (empty where
 * its period has no such bucket); on a relative axis each series gets its bucket column beside
 * its count.
 */
export function chartCsv(result: AnalysisResult): string {
  const table = chartTable(result);
  if (table.mode === 'shared') {
    return toCsv(
      [CSV_BUCKET_HEADINGS[result.frequency] ?? 'Period', ...table.series.map((one) => one.name)],
      table.categories.map((category, row) => [category, ...table.series.map((one) => cell(one.counts[row]))]),
    );
  }
  return toCsv(
    table.series.flatMap((one) => [`${one.name} period`, one.name]),
    table.rowLabels.map((labels, row) => table.series.flatMap((one, i) => [labels[i] ?? '', cell(one.counts[row])])),
  );
}

export const chartFileName = (title: string, extension: 'csv' | 'png') =>
  csvFileName(title).replace(/\.csv$/, `.${extension}`);

/** '1 incident', '1,204 incidents'. */
export const incidentCount = (count: number) =>
  count === 1 ? '1 incident' : `${count.toLocaleString('en-US')} incidents`;

/** '1 repeat subject', '12 repeat subjects'. */
export const subjectCount = (count: number) =>
  count === 1 ? '1 repeat subject' : `${count.toLocaleString('en-US')} repeat subjects`;

/**
 * Under a repeat subjects chart whose bars are the first REPEAT_SUBJECTS_LIMIT of more: how many
 * each period shows of how many came back ('' when every period shows all of them).
 */
export function repeatSubjectsCutNote(result: AnalysisResult): string {
  if (result.frequency !== 'repeatSubjects') return '';
  const cut = result.series.filter((one) => subjectsOf(one) > one.data.length);
  if (cut.length === 0) return '';
  const shown = (one: AnalysisResult['series'][number]) =>
    `${one.data.length.toLocaleString('en-US')} of ${subjectsOf(one).toLocaleString('en-US')}`;
  const parts = result.series.length === 1 ? cut.map(shown) : cut.map((one) => `${one.periodName} ${shown(one)}`);
  return `Each period shows the subjects with the most incidents: ${parts.join(', ')}.`;
}

/**
 * The lines under a saved image's title: per period its name, its dates in the company format
 * and its total ('Current month: 01/11/2026 – 27/11/2026 · 3 incidents'), and the class level
 * drilled into.
 */
export function chartHeadingLines(result: AnalysisResult, dateFormat: number): string[] {
  const periods = result.series.map((one) => {
    const [from, to] = [formatCalendarDate(one.fromDate, dateFormat), formatCalendarDate(one.toDate, dateFormat)];
    const range = `${from} – ${to}`;
    // An unnamed period is named after its range by the server ('01/11/2026 - 27/11/2026').
    const named = one.periodName === `${from} - ${to}` ? range : `${one.periodName}: ${range}`;
    // Repeat subjects share incidents: their counts add up to no number of incidents.
    const cut = subjectsOf(one) > one.data.length ? ` (the ${one.data.length} with the most incidents shown)` : '';
    const size =
      result.frequency === 'repeatSubjects'
        ? `${subjectCount(subjectsOf(one))}${cut}`
        : incidentCount(one.data.reduce((sum, entry) => sum + entry.count, 0));
    return `${named} · ${size}`;
  });
  const level = result.selectedClasses.map((entry) => entry.name).join(' › ');
  return level ? [...periods, `Class: ${level}`] : periods;
}
