import { OWN_INCIDENTS_SEARCH_NOTE } from '@blotter/shared/constants';
import { hasAnyPrivilege, hasPrivilege } from '@blotter/shared/privileges';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { lazy, Suspense, useState } from 'react';
import { CountCard } from '../components/count-card';
import { DialogSuspense } from '../components/dialog-suspense';
import { PageContainer } from '../components/page-container';
import { useSavedAnalyses } from '../features/analysis/api/get-saved-analyses';
import { useDraftCounts } from '../features/drafts/api/get-draft-counts';
import { useMyIncidentCounts } from '../features/incidents/api/get-my-incident-counts';
import { useSession } from '../lib/auth/session-context';
import { isMobile } from '../lib/device';
import { INCIDENT_LIST_TITLES, type IncidentListKind } from './dashboard/incident-list-kind';
import { SavedSearchCards } from './dashboard/saved-search-cards';

// The lists (table, column dialog, export) load on the first click, not with the dashboard.
const IncidentListDialog = lazy(() => import('./dashboard/incident-list-dialog'));
// The chart cards (and ECharts after them) load only when there is a saved analysis to show.
const SavedAnalysisCards = lazy(() => import('./dashboard/saved-analysis-cards'));

function AnalysisCardsSlot() {
  const analyses = useSavedAnalyses(true);
  if (!analyses.data?.items.length) return null;
  return (
    <Suspense fallback={null}>
      <SavedAnalysisCards />
    </Suspense>
  );
}

/** '/dashboard': counts of the user's drafts, open and closed incidents; each opens its list (spec 2 §2). */
export default function DashboardPage() {
  const { claims } = useSession();
  // Counted by the server: the cards never load the lists' rows.
  const drafts = useDraftCounts();
  const incidents = useMyIncidentCounts();
  // The last list opened stays mounted while closed, so its dialog can animate out.
  const [list, setList] = useState<{ kind: IncidentListKind; open: boolean } | undefined>(undefined);
  const show = (kind: IncidentListKind) => () => setList({ kind, open: true });

  return (
    <PageContainer title="Dashboard">
      {!hasPrivilege(claims, 'ALLINCIDENT_SEARCH') && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {OWN_INCIDENTS_SEARCH_NOTE}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <CountCard
          title={INCIDENT_LIST_TITLES.drafts}
          count={drafts.data && drafts.data.draft + drafts.data.editing}
          failed={drafts.isError}
          onClick={show('drafts')}
        />
        <CountCard
          title={INCIDENT_LIST_TITLES.open}
          count={incidents.data?.open}
          failed={incidents.isError}
          onClick={show('open')}
        />
        <CountCard
          title={INCIDENT_LIST_TITLES.closed}
          count={incidents.data?.closed}
          failed={incidents.isError}
          onClick={show('closed')}
        />
        {/* Spec 2 §6: with either search privilege the saved searches load. */}
        {hasAnyPrivilege(claims, ['ALLINCIDENT_SEARCH', 'MYINCIDENT_SEARCH']) && <SavedSearchCards />}
        {/* Spec 2 §2, §6: saved analyses load with ANALYZE_VIEW, never on phones. */}
        {!isMobile && hasPrivilege(claims, 'ANALYZE_VIEW') && <AnalysisCardsSlot />}
      </Box>
      {list && (
        <DialogSuspense>
          <IncidentListDialog
            kind={list.kind}
            open={list.open}
            onClose={() => setList((current) => current && { ...current, open: false })}
          />
        </DialogSuspense>
      )}
    </PageContainer>
  );
}
