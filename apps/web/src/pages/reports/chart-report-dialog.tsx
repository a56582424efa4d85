import type { SavedAnalysis } from '@blotter/shared/schemas/analysis';
import { useMemo } from 'react';
import { SavedAnalysisDialog } from '../../features/analysis/components/saved-analysis-dialog';
import { browserClock, savedAnalysisRequest } from '../../features/analysis/model/analysis-request';

interface ChartReportDialogProps {
  report: SavedAnalysis;
  open: boolean;
  onClose: () => void;
}

/**
 * A chart report run from its card (spec 2 §2 reports page): the chart dialog of the saved
 * analysis, computed now in the reader's zone, with drill-down and the chart's exports.
 */
export default function ChartReportDialog({ report, open, onClose }: ChartReportDialogProps) {
  const request = useMemo(() => savedAnalysisRequest(report, browserClock()), [report]);
  return <SavedAnalysisDialog item={report} request={request} open={open} onClose={onClose} />;
}
