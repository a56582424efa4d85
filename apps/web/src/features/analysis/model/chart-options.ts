import type { AnalysisChartType } from '@blotter/shared/schemas/analysis';
import type { EChartsOption } from 'echarts';
import type { ChartTable } from './chart-data';
import { FREQUENCY_LABELS } from './period-label';

/** What the ECharts option of a chart needs besides the data. */
export interface ChartLook {
  type: AnalysisChartType;
  /** The small dashboard card: no legend or axis names, tight grid. */
  compact?: boolean;
}

const PIES_PER_ROW = 3;
/** The series' colours, in order (ECharts 6's own palette, named so the dashboard card can key its totals to them). */
export const SERIES_COLORS = [
  '#5070dd',
  '#b6d634',
  '#505372',
  '#ff994d',
  '#0ca8df',
  '#ffd10a',
  '#fb628b',
  '#785db0',
  '#3fbe95',
];
/** Above this many bars (or points) their values are left to the tooltip: they could not be read. */
const LABELLED_BARS = { full: 120, compact: 40 };
/**
 * The same for bars across (repeat subjects): they share the chart's height (500 px, a card's 200),
 * not its width, and each count is a line of text about 12 px high.
 */
const LABELLED_BARS_ACROSS = { full: 40, compact: 14 };

/** The category axis' title: the frequency, or 'Month of each period' on a relative axis. */
export function categoryAxisTitle(table: ChartTable): string {
  const name = FREQUENCY_LABELS[table.frequency];
  return table.mode === 'relative' ? `${name} of each period` : name;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface AxisTipItem {
  seriesIndex?: number;
  dataIndex?: number;
  marker?: unknown;
}

/**
 * The tooltip of a row: its category, then each series that has a bucket there with its count; on a
 * relative axis each series names its own bucket ('Month 3' — Last year (Mar 2025): 4).
 */
export function axisTooltip(table: ChartTable, items: readonly AxisTipItem[]): string {
  const row = items[0]?.dataIndex ?? -1;
  const lines = items.flatMap((item) => {
    const i = item.seriesIndex ?? -1;
    const count = table.series[i]?.counts[row];
    if (count === null || count === undefined) return [];
    const own = table.mode === 'relative' ? ` (${table.rowLabels[row]?.[i] ?? ''})` : '';
    const marker = typeof item.marker === 'string' ? item.marker : '';
    return [`${marker}${escapeHtml(`${table.series[i]?.name ?? ''}${own}`)}: <b>${count}</b>`];
  });
  return [escapeHtml(table.categories[row] ?? ''), ...lines].join('<br/>');
}

/** The slice names of the pies in row order, for a legend in the axis' order (Sunday first, not first seen). */
const sliceName = (table: ChartTable, row: number, i: number) =>
  table.rowLabels[row]?.[i] || table.categories[row] || '';

/** The ECharts option of an analysis: the periods as series (spec 2 §2), pies three per row. */
export function chartOption(table: ChartTable, { type, compact = false }: ChartLook): EChartsOption {
  if (type === 'pie') {
    const rows = Math.ceil(table.series.length / PIES_PER_ROW);
    const perRow = Math.min(PIES_PER_ROW, table.series.length);
    const legendNames = [
      ...new Set(
        table.categories.flatMap((_, row) =>
          table.series.flatMap((one, i) => ((one.counts[row] ?? 0) > 0 ? [sliceName(table, row, i)] : [])),
        ),
      ),
    ];
    return {
      animation: !compact,
      color: SERIES_COLORS,
      tooltip: { trigger: 'item', formatter: '{a}<br/>{b}: {c} ({d}%)' },
      legend: compact ? { show: false } : { type: 'scroll', bottom: 0, data: legendNames },
      title: compact
        ? undefined
        : table.series.map((one, i) => ({
            text: one.name,
            left: `${((i % PIES_PER_ROW) + 0.5) * (100 / perRow)}%`,
            top: `${(Math.floor(i / PIES_PER_ROW) * 100) / rows + 1}%`,
            textAlign: 'center',
            textStyle: { fontSize: 14 },
          })),
      series: table.series.map((one, i) => ({
        type: 'pie',
        name: one.name,
        radius: compact ? '70%' : `${Math.min(60, 70 / rows)}%`,
        center: [
          `${((i % PIES_PER_ROW) + 0.5) * (100 / perRow)}%`,
          `${((Math.floor(i / PIES_PER_ROW) + 0.5) * 100) / rows + (compact ? 0 : 3)}%`,
        ],
        // A card's pies are too small for labels: their counts are in the tooltip and the totals above.
        label: compact ? { show: false } : { show: true, formatter: '{b}: {c}' },
        labelLayout: { hideOverlap: true },
        data: table.categories
          // Empty slices are left out; each slice keeps its row, so a click still finds its class.
          .map((_, row) => ({ name: sliceName(table, row, i), value: one.counts[row] ?? 0, row }))
          .filter((entry) => entry.value > 0),
      })),
    };
  }
  const stacked = type === 'stackedBar';
  const bars = table.categories.length * Math.max(1, table.series.length);
  // Repeat subjects are names: bars lie across, one name a row, the most incidents at the top.
  const horizontal = table.frequency === 'repeatSubjects' && type !== 'line';
  const limits = horizontal ? LABELLED_BARS_ACROSS : LABELLED_BARS;
  const labelled = bars <= (compact ? limits.compact : limits.full);
  const categoryAxis = {
    type: 'category' as const,
    data: table.categories,
    inverse: horizontal,
    axisLabel: horizontal
      ? { show: !compact, width: 180, overflow: 'truncate' as const, interval: 0 }
      : { hideOverlap: true, show: !compact },
    ...(compact || horizontal ? {} : { name: categoryAxisTitle(table), nameLocation: 'middle' as const, nameGap: 28 }),
  };
  const valueAxis = {
    type: 'value' as const,
    minInterval: 1,
    axisLabel: { show: !compact },
    ...(compact ? {} : { name: 'Incidents', nameLocation: 'middle' as const, nameGap: horizontal ? 28 : 40 }),
  };

  return {
    animation: !compact,
    color: SERIES_COLORS,
    tooltip: {
      trigger: 'axis',
      formatter: (params) => axisTooltip(table, (Array.isArray(params) ? params : [params]) as AxisTipItem[]),
    },
    legend: compact ? { show: false } : { type: 'scroll', top: 0 },
    // The grid holds the axis labels and names, so nothing is cut at the edges.
    grid: compact
      ? { left: 8, right: 8, top: labelled ? 16 : 8, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'all' }
      : { left: 16, right: 24, top: 48, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    ...(horizontal ? { xAxis: valueAxis, yAxis: categoryAxis } : { xAxis: categoryAxis, yAxis: valueAxis }),
    series: table.series.map((one) => ({
      type: type === 'line' ? 'line' : 'bar',
      name: one.name,
      data: one.counts,
      // Each bar or point carries its count (an empty one none); crowded labels hide rather than overlap.
      label: {
        show: labelled,
        position: stacked ? 'inside' : horizontal ? 'right' : 'top',
        fontSize: compact ? 10 : 12,
        formatter: ({ value }: { value?: unknown }) => (typeof value === 'number' && value > 0 ? String(value) : ''),
      },
      labelLayout: { hideOverlap: true },
      ...(stacked ? { stack: 'total' } : {}),
      ...(type === 'line' ? { smooth: false, symbolSize: compact ? 2 : 6, connectNulls: false } : {}),
    })),
  };
}
