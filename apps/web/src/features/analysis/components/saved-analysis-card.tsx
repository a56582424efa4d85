import type { AnalysisChartType, AnalysisRequest, SavedAnalysis } from '@blotter/shared/schemas/analysis';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { CardTitleButton } from '../../../components/card-title-button';
import { useSavedAnalysisChart } from '../api/run-analysis';
import { type ChartTable, chartTable, incidentCount, subjectCount } from '../model/chart-data';
import { chartOption, SERIES_COLORS } from '../model/chart-options';
import { LazyAnalysisChart } from './lazy-analysis-chart';

/** Dashboard analysis cards are 200 px high (spec 2 §9). */
export const ANALYSIS_CARD_CHART_HEIGHT = 200;

/** How a saved analysis is drawn: an excel analysis shows its counts as bars. */
export const drawnChartType = (item: SavedAnalysis): AnalysisChartType =>
  item.chartType === 'excel' ? 'bar' : item.chartType;

interface SavedAnalysisCardProps {
  item: SavedAnalysis;
  request: AnalysisRequest;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * A saved analysis on the dashboard (spec 2 §2): its chart, computed when shown, 200 px high;
 * a click opens the larger chart, with edit and delete in the corner.
 */
export function SavedAnalysisCard({ item, request, onOpen, onEdit, onDelete }: SavedAnalysisCardProps) {
  const titleId = useId();
  const result = useSavedAnalysisChart(item.id, item.name, request);
  const type = drawnChartType(item);
  const table = useMemo(() => result.data && chartTable(result.data), [result.data]);
  const option = useMemo(() => table && chartOption(table, { type, compact: true }), [table, type]);
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ position: 'relative', '&:hover': { bgcolor: 'action.hover' } }}
    >
      <Box sx={{ position: 'absolute', top: 4, right: 4, zIndex: 1, display: 'flex' }}>
        <Tooltip title="Edit">
          <IconButton aria-label={`Edit ${item.name}`} onClick={onEdit} size="small">
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${item.name}`} onClick={onDelete} size="small" color="error">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <CardContent sx={{ pr: 11, pb: 1 }}>
        <Typography id={titleId} variant="h2" component="h2" color="text.secondary" noWrap>
          <CardTitleButton onClick={onOpen}>{item.name}</CardTitleButton>
        </Typography>
        <Headline table={table} keyed={type !== 'pie'} />
      </CardContent>
      {/* The chart is drawn above the title's click area: a click on it opens the larger chart too
          (the keyboard opens it with the title, whose focus ring goes round the whole card). */}
      <Box sx={{ px: 1, pb: 1, cursor: 'pointer' }} onClick={onOpen}>
        {result.isError ? (
          <Typography color="text.secondary" sx={{ height: ANALYSIS_CARD_CHART_HEIGHT, px: 1 }}>
            Not available
          </Typography>
        ) : option ? (
          <LazyAnalysisChart option={option} height={ANALYSIS_CARD_CHART_HEIGHT} label={`${item.name} chart`} />
        ) : (
          <Box sx={{ height: ANALYSIS_CARD_CHART_HEIGHT }} aria-label={`Loading ${item.name}`} />
        )}
      </Box>
    </Card>
  );
}

/**
 * The card's headline: the first period's total, large, and the other periods' totals beside their
 * names; on bar and line charts a dot in each series' colour stands for the legend the card has no room for.
 */
function Headline({ table, keyed }: { table: ChartTable | undefined; keyed: boolean }) {
  const [first, ...others] = table?.series ?? [];
  // Reserved while the chart loads, so the card does not jump.
  if (!first) return <Box sx={{ height: 52 }} />;
  const dot = (index: number) =>
    keyed && (
      <Box
        component="span"
        aria-hidden
        sx={{
          display: 'inline-block',
          width: 8,
          height: 8,
          borderRadius: '50%',
          mr: 0.5,
          bgcolor: SERIES_COLORS[index % SERIES_COLORS.length],
        }}
      />
    );
  // The periods keep their order, so their position is their key.
  // Repeat subjects share incidents: a period reads as its number of subjects, not a sum of incidents.
  const subjects = table?.frequency === 'repeatSubjects';
  const size = (one: ChartTable['series'][number]) => (subjects ? (one.subjects ?? 0) : one.total);
  const rest = others.map((one, i) => ({
    ...one,
    position: i + 1,
    text: `${one.name}: ${size(one).toLocaleString('en-US')}`,
  }));
  return (
    <Box sx={{ height: 52 }}>
      <Typography component="p" sx={{ fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.2 }}>
        {subjects ? subjectCount(size(first)) : incidentCount(first.total)}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        noWrap
        title={[first.name, ...rest.map((one) => one.text)].join(' · ')}
      >
        {dot(0)}
        {first.name}
        {rest.map((one) => (
          <Box component="span" key={one.position} sx={{ ml: 1.5 }}>
            {dot(one.position)}
            {one.text}
          </Box>
        ))}
      </Typography>
    </Box>
  );
}
