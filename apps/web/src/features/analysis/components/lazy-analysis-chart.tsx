import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { AnalysisChartProps } from './analysis-chart';

// ECharts loads with the first chart shown, never with the page that may show one.
const AnalysisChart = lazy(() => import('./analysis-chart'));

/** The analysis chart, loaded on first use; a placeholder of its size meanwhile. */
export function LazyAnalysisChart(props: AnalysisChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={props.height} aria-label="Loading chart" />}>
      <AnalysisChart {...props} />
    </Suspense>
  );
}
