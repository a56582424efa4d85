import type { AnalysisRequest, SavedAnalysis } from '@blotter/shared/schemas/analysis';
import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId } from 'react';
import { savedAnalysisChartQueryOptions } from '../api/run-analysis';
import { AnalysisReport } from './analysis-report';
import { drawnChartType } from './saved-analysis-card';

interface SavedAnalysisDialogProps {
  item: SavedAnalysis;
  request: AnalysisRequest;
  open: boolean;
  onClose: () => void;
}

/** The larger chart of a saved analysis (a dashboard card's click, a chart report's run), with drill-down and exports. */
export function SavedAnalysisDialog({ item, request, open, onClose }: SavedAnalysisDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="lg" scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {item.name}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <AnalysisReport
          request={request}
          title={item.name}
          chartType={drawnChartType(item)}
          showTitle={false}
          queryFor={(drilled) => savedAnalysisChartQueryOptions(item.id, item.name, drilled)}
        />
      </DialogContent>
    </Dialog>
  );
}
