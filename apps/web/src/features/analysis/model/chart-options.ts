import type { AnalysisChartType } from '@blotter/shared/schemas/analysis';
import type { EChartsOption } from 'echarts';
import type { ChartTable } from './chart-data';

/** What the ECharts option of a chart needs besides the data. */
export interface ChartLook {
  type: AnalysisChartType;
  /** The small dashboard card: no legend or axis names, tight grid. */
  compact?: boolean;
}

const PIES_PER_ROW = 3;

/** The ECharts option of an analysis: the periods as series (spec 2 §2), pies three per row. */
export function chartOption(table: ChartTable, { type, compact = false }: ChartLook): EChartsOption {
  const legend = compact ? { show: false } : { type: 'scroll' as const, top: 0 };
  if (type === 'pie') {
    const rows = Math.ceil(table.series.length / PIES_PER_ROW);
    const perRow = Math.min(PIES_PER_ROW, table.series.length);
    return {
      animation: !compact,
      tooltip: { trigger: 'item', formatter: '{a}<br/>{b}: {c} ({d}%)' },
      legend: compact ? { show: false } : { type: 'scroll', bottom: 0 },
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
        label: { show: !compact },
        data: table.categories
          // Empty slices are left out; each slice keeps its row, so a click still finds its class.
          .map((category, row) => ({ name: table.rowLabels[row]?.[i] || category, value: one.counts[row] ?? 0, row }))
          .filter((entry) => entry.value > 0),
      })),
    };
  }
  return {
    animation: !compact,
    tooltip: { trigger: 'axis' },
    legend,
    grid: compact
      ? { left: 8, right: 8, top: 8, bottom: 8, containLabel: true }
      : { left: 16, right: 24, top: 40, bottom: 16, containLabel: true },
    xAxis: {
      type: 'category',
      data: table.categories,
      axisLabel: { hideOverlap: true, show: !compact },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { show: !compact } },
    series: table.series.map((one) => ({
      type: type === 'line' ? 'line' : 'bar',
      name: one.name,
      data: one.counts,
      ...(type === 'stackedBar' ? { stack: 'total' } : {}),
      ...(type === 'line' ? { smooth: false, symbolSize: compact ? 2 : 6 } : {}),
    })),
  };
}
