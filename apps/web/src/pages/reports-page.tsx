import { hasPrivilege } from '@blotter/shared/privileges';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog';
import { DialogSuspense } from '../components/dialog-suspense';
import { PageContainer } from '../components/page-container';
import { PageLoader } from '../components/page-loader';
import { useDeleteAnalysisReport } from '../features/analysis/api/delete-analysis-report';
import { useDeleteSearchReport } from '../features/search/api/delete-search-report';
import { useSession } from '../lib/auth/session-context';
import { isMobile } from '../lib/device';
import { ReportCardItem } from './reports/report-card-item';
import type { ReportCard } from './reports/report-cards';
import { useReportCards } from './reports/use-report-cards';

// A report's dialog (results list or chart) loads on the first click.
const SearchReportDialog = lazy(() => import('./reports/search-report-dialog'));
const ChartReportDialog = lazy(() => import('./reports/chart-report-dialog'));

/**
 * '/reports' (REPORT_PRINT or REPORT_CREATE, spec 2 §2): the company's saved reports as a grid of
 * cards, search and chart reports merged newest first (chart reports not on a phone). A click runs
 * one; with REPORT_CREATE each card has edit (to /search or /analyze with the item) and delete.
 */
export default function ReportsPage() {
  const { claims } = useSession();
  const navigate = useNavigate();
  const withCharts = !isMobile;
  const reports = useReportCards(withCharts);
  const editable = hasPrivilege(claims, 'REPORT_CREATE');
  const removeSearch = useDeleteSearchReport();
  const removeChart = useDeleteAnalysisReport();
  const [running, setRunning] = useState<{ card: ReportCard; open: boolean; seq: number } | undefined>(undefined);
  const [deleting, setDeleting] = useState<ReportCard | undefined>(undefined);

  const edit = (card: ReportCard) =>
    navigate(card.kind === 'chart' ? '/analyze' : '/search', { state: { item: card.report, itemType: 'report' } });
  const close = () => setRunning((current) => current && { ...current, open: false });

  return (
    <PageContainer title="Reports">
      <Box>
        {reports.loading && <PageLoader />}
        {reports.error && <Alert severity="error">The reports could not be loaded.</Alert>}
        {!reports.loading && !reports.error && reports.cards.length === 0 && (
          <Typography color="text.secondary">
            No reports yet. Save a search or an analysis to reports and it appears here.
          </Typography>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {reports.cards.map((card) => (
            <ReportCardItem
              key={`${card.kind}-${card.report.id}`}
              card={card}
              editable={editable}
              onRun={() => setRunning((current) => ({ card, open: true, seq: (current?.seq ?? 0) + 1 }))}
              onEdit={() => edit(card)}
              onDelete={() => setDeleting(card)}
            />
          ))}
        </Box>
        {reports.loadMore && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
            <Button variant="outlined" onClick={reports.loadMore} disabled={reports.loadingMore}>
              Show more reports
            </Button>
          </Box>
        )}
      </Box>
      {running && (
        <DialogSuspense>
          {running.card.kind === 'search' ? (
            <SearchReportDialog key={running.seq} report={running.card.report} open={running.open} onClose={close} />
          ) : (
            <ChartReportDialog key={running.seq} report={running.card.report} open={running.open} onClose={close} />
          )}
        </DialogSuspense>
      )}
      <ConfirmDeleteDialog
        target={deleting?.report}
        title="Delete Report"
        noun="report"
        busy={removeSearch.isPending || removeChart.isPending}
        remove={(id, callbacks) => (deleting?.kind === 'chart' ? removeChart : removeSearch).mutate(id, callbacks)}
        onClose={() => setDeleting(undefined)}
      />
    </PageContainer>
  );
}
