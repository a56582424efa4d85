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
import { chartTable } from '../model/chart-data';
import { chartOption } from '../model/chart-options';
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
  const option = useMemo(
    () => result.data && chartOption(chartTable(result.data), { type, compact: true }),
    [result.data, type],
  );
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
      <CardContent sx={{ pr: 11 }}>
        <Typography id={titleId} variant="h2" component="h2" color="text.secondary" noWrap>
          <CardTitleButton onClick={onOpen}>{item.name}</CardTitleButton>
        </Typography>
      </CardContent>
      <Box sx={{ px: 1, pb: 1 }}>
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
