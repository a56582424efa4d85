import Box from '@mui/material/Box';
import type { EChartsOption } from 'echarts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { type ChartImageHeading, chartPng } from './chart-image';

// The only module that imports ECharts: it is loaded lazily (lazy-analysis-chart.tsx), so the
// landing and dashboard chunks carry none of it until a chart is shown (guide §4).
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** What the page may ask of a drawn chart. */
export interface AnalysisChartHandle {
  /** The chart as a PNG data: URL on a white background with its heading above ('save as image'). */
  toPng: (heading: ChartImageHeading) => string | undefined;
}

export interface AnalysisChartProps {
  option: EChartsOption;
  height: number;
  /** Accessible name of the chart's image. */
  label: string;
  /** A click on a bar, point or slice: its category row and series. */
  onItemClick?: (row: number, series: number) => void;
  handle?: Ref<AnalysisChartHandle>;
}

/** An ECharts canvas that follows its option and its box's width. */
export default function AnalysisChart({ option, height, label, onItemClick, handle }: AnalysisChartProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const chart = useRef<echarts.ECharts | undefined>(undefined);
  const click = useRef(onItemClick);
  click.current = onItemClick;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (params) => {
      // A pie slice carries its row (empty slices are left out, so its index is not the row).
      const own = (params.data as { row?: unknown } | null | undefined)?.row;
      const row = typeof own === 'number' ? own : typeof params.dataIndex === 'number' ? params.dataIndex : -1;
      const series = typeof params.seriesIndex === 'number' ? params.seriesIndex : 0;
      if (row >= 0) click.current?.(row, series);
    });
    // Follows the box: its width with the layout, its height with the number of series.
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useImperativeHandle(handle, () => ({
    toPng: (heading) => {
      const canvas = chart.current?.renderToCanvas({ pixelRatio: 2, backgroundColor: '#fff' });
      const element = box.current;
      return canvas && element ? chartPng(canvas, heading, 2, getComputedStyle(element).fontFamily) : undefined;
    },
  }));

  return (
    <Box
      ref={box}
      role="img"
      aria-label={label}
      sx={{ width: '100%', height, cursor: onItemClick ? 'pointer' : undefined }}
    />
  );
}
