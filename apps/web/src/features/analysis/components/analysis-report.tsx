import { DATE_FORMAT } from '@blotter/shared/constants';
import type { AnalysisChartType, AnalysisRequest } from '@blotter/shared/schemas/analysis';
import ImageIcon from '@mui/icons-material/Image';
import TableViewIcon from '@mui/icons-material/TableView';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useInitData } from '../../../lib/api/get-init-data';
import { downloadBlob, downloadDataUrl } from '../../../lib/download';
import type { AnalysisQueryOptions } from '../api/run-analysis';
import {
  type ChartTable,
  chartCsv,
  chartFileName,
  chartHeadingLines,
  chartHeight,
  chartTable,
  repeatSubjectsCutNote,
} from '../model/chart-data';
import { chartOption } from '../model/chart-options';
import type { AnalysisChartHandle } from './analysis-chart';
import { LazyAnalysisChart } from './lazy-analysis-chart';

interface AnalysisReportProps {
  request: AnalysisRequest;
  title: string;
  chartType: AnalysisChartType;
  /** The query that runs a request (the wizard's run, a saved analysis's chart). */
  queryFor: (request: AnalysisRequest) => AnalysisQueryOptions;
  /** More buttons beside the exports (the wizard's saves). */
  tools?: ReactNode;
  /** Whether the report shows its title (a dialog shows it in its own title instead). */
  showTitle?: boolean;
}

/**
 * A generated analysis (spec 2 §2 analysis chart): the chart with CSV export and 'save as image';
 * with class frequency a click on a class with sub-classes drills down (the criteria sent again
 * with selectedClasses) and the breadcrumbs step back.
 */
export function AnalysisReport({ request, title, chartType, queryFor, tools, showTitle = true }: AnalysisReportProps) {
  const dateFormat = useInitData().data?.companySettings.dateFormat ?? DATE_FORMAT.DMY;
  const [path, setPath] = useState<string[]>([]);
  const drilled = useMemo(() => ({ ...request, selectedClasses: path }), [request, path]);
  // The previous level stays on screen while the next one loads.
  const result = useQuery({ ...queryFor(drilled), placeholderData: keepPreviousData });
  const chart = useRef<AnalysisChartHandle | null>(null);
  const data = result.data;
  const table = useMemo(() => data && chartTable(data), [data]);
  const option = useMemo(() => table && chartOption(table, { type: chartType }), [table, chartType]);
  const names = data?.selectedClasses ?? [];

  const drill = (row: number, series: number) => {
    if (!table || data?.frequency !== 'class' || !table.drillable[row]?.[series]) return;
    const key = table.keys[row]?.[series];
    if (key) setPath([...path, key]);
  };
  const exportCsv = () => {
    if (data) downloadBlob(chartFileName(title, 'csv'), new Blob([chartCsv(data)], { type: 'text/csv;charset=utf-8' }));
  };
  const savePng = () => {
    const url = data && chart.current?.toPng({ title, lines: chartHeadingLines(data, dateFormat) });
    if (url) downloadDataUrl(chartFileName(title, 'png'), url);
  };
  const empty = table?.series.every((one) => one.total === 0);

  return (
    <Box component="section" aria-label="Analysis report">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
        {showTitle ? (
          <Typography variant="h2" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
        ) : (
          <Box sx={{ flexGrow: 1 }} />
        )}
        <Button startIcon={<TableViewIcon />} onClick={exportCsv} disabled={!data}>
          Export to CSV
        </Button>
        <Button startIcon={<ImageIcon />} onClick={savePng} disabled={!data}>
          Save as image
        </Button>
        {tools}
      </Stack>
      {request.criteria[0]?.frequency === 'class' && (
        <Breadcrumbs aria-label="Class levels" sx={{ mb: 1 }}>
          {[{ id: '', name: 'All classes' }, ...names].map((level, index, all) =>
            index === all.length - 1 ? (
              <Typography key={level.id || 'all'} color="text.primary" aria-current="page">
                {level.name}
              </Typography>
            ) : (
              <Link
                key={level.id || 'all'}
                component="button"
                underline="hover"
                onClick={() => setPath(path.slice(0, index))}
              >
                {level.name}
              </Link>
            ),
          )}
        </Breadcrumbs>
      )}
      {result.isError && <Alert severity="error">The analysis could not be generated.</Alert>}
      {result.isPending && !data && (
        <Box sx={{ display: 'grid', placeItems: 'center', height: 500 }}>
          <CircularProgress aria-label="Generating the analysis" />
        </Box>
      )}
      {empty && (
        <Alert severity="info">
          {data?.frequency === 'repeatSubjects'
            ? 'No person, legal entity or vehicle is on 2 or more incidents in these periods.'
            : 'No incidents match these periods and filters.'}
        </Alert>
      )}
      {table && option && (
        <LazyAnalysisChart
          option={option}
          height={chartHeight(table.series.length, chartType === 'pie')}
          label={`${title} chart`}
          onItemClick={data?.frequency === 'class' ? drill : undefined}
          handle={chart}
        />
      )}
      {data && repeatSubjectsCutNote(data) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {repeatSubjectsCutNote(data)}
        </Typography>
      )}
      {data?.frequency === 'class' && table && (
        <DrillList table={table} onDrill={(row) => drill(row, table.drillable[row]?.findIndex(Boolean) ?? 0)} />
      )}
    </Box>
  );
}

/**
 * The classes that have sub-classes, as buttons: the same drill-down as a click on their bar, for
 * keyboards and screen readers (a canvas has no focusable parts).
 */
function DrillList({ table, onDrill }: { table: ChartTable; onDrill: (row: number) => void }) {
  const rows = table.categories
    .map((name, row) => ({ name, row }))
    .filter(({ row }) => table.drillable[row]?.some(Boolean));
  if (rows.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        Click a class to see its sub-classes:
      </Typography>
      {rows.map(({ name, row }) => (
        <Button
          key={row}
          size="small"
          variant="outlined"
          onClick={() => onDrill(row)}
          aria-label={`Sub-classes of ${name}`}
        >
          {name}
        </Button>
      ))}
    </Stack>
  );
}
