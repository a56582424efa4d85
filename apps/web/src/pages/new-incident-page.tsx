import { INCIDENT_STATUS } from '@blotter/shared/constants';
import { hasPrivilege } from '@blotter/shared/privileges';
import { MAX_PAGE_SIZE } from '@blotter/shared/schemas/common';
import type { InitData } from '@blotter/shared/schemas/commons';
import { INCIDENT_MESSAGES } from '@blotter/shared/schemas/incidents';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageContainer } from '../components/page-container';
import { PageLoader } from '../components/page-loader';
import { draftIncidentsQueryOptions } from '../features/drafts/api/get-draft-incidents';
import { DraftSelectorDialog } from '../features/incidents/components/draft-selector-dialog';
import { IncidentEntryForm } from '../features/incidents/components/form/incident-entry-form';
import { useWorkingDraft } from '../features/incidents/hooks/use-working-draft';
import { useInitData } from '../lib/api/get-init-data';
import { isNetworkError } from '../lib/api-error';
import { useSession } from '../lib/auth/session-context';
import { queryKeys } from '../lib/query-keys';
import { toastInfo, toastWarning } from '../lib/toast';

/** The working copy's form, or the choice of one (saved drafts, a new incident). */
function WorkingDraftPage({ initData }: { initData: InitData }) {
  const { claims } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const needsList = !params.get('draft') && !params.get('incident');
  // The most recently changed drafts; the dashboard's Draft Incidents list pages through all of them.
  const savedDrafts = useQuery({
    ...draftIncidentsQueryOptions({ p: 0, psz: MAX_PAGE_SIZE }),
    enabled: needsList,
    staleTime: 0,
  });
  // Only the list's pages and counts: a working copy's own queries (its attachments) belong to a
  // draft that submit or delete has just removed, and must not be fetched again.
  const refreshLists = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.list }),
    [queryClient],
  );
  const working = useWorkingDraft({
    // Only a list fetched for this visit: a cached one may still hold a draft submitted a moment ago.
    savedDrafts: needsList && savedDrafts.isFetchedAfterMount ? savedDrafts.data?.items : undefined,
    savedDraftsFailed: needsList && savedDrafts.isError,
    onCreated: refreshLists,
  });
  const { state } = working;

  if (state.step === 'loading') return <PageLoader />;

  if (state.step === 'ready') {
    const { draft } = state;
    const title =
      draft.status === INCIDENT_STATUS.EDITING && draft.number !== null
        ? `Edit Incident #${draft.number}`
        : 'New Incident';
    return (
      <PageContainer title={title} maxWidth="lg">
        <IncidentEntryForm
          key={`${draft.id}:${draft.stored}:${draft.baseVersion ?? ''}`}
          draft={draft}
          initData={initData}
          userId={claims?.userId ?? ''}
          onSubmitted={() => {
            refreshLists();
            navigate('/dashboard');
          }}
          onDeleted={() => {
            refreshLists();
            toastInfo('The draft was deleted.');
            navigate('/dashboard');
          }}
          onReload={draft.incidentId ? () => working.reloadIncident(draft.incidentId ?? '') : undefined}
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer title="New Incident" maxWidth="md">
      {state.step === 'missing' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This draft could not be opened: it may have been saved as an incident or deleted.
        </Alert>
      ) : (
        state.step === 'dismissed' && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {savedDrafts.isError
              ? 'Your saved drafts could not be loaded.'
              : 'You have saved drafts. Continue one of them, or create a new incident.'}
          </Alert>
        )
      )}
      {state.step !== 'choose' && (
        <Stack direction="row" spacing={2}>
          {state.step === 'dismissed' && !savedDrafts.isError && (
            <Button onClick={working.reopenSelector}>Show saved drafts</Button>
          )}
          <Button variant="contained" onClick={working.createNew} disabled={working.creating}>
            Create new incident
          </Button>
        </Stack>
      )}
      <DraftSelectorDialog
        open={state.step === 'choose'}
        drafts={savedDrafts.data?.items ?? []}
        total={savedDrafts.data?.total ?? 0}
        classTree={initData.multipleLookups.incidentClass ?? []}
        dateFormat={initData.companySettings.dateFormat}
        creating={working.creating}
        onChoose={working.choose}
        onCreate={working.createNew}
        onNotNow={working.dismiss}
      />
    </PageContainer>
  );
}

/** '/newincident': a disabled account is sent back to the dashboard (spec 1 §2). */
export default function NewIncidentPage() {
  const { data, isError, error } = useInitData();
  const { claims } = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const warned = useRef(false);
  const accountDisabled = data?.accountActive === false;

  useEffect(() => {
    if (!accountDisabled || warned.current) return;
    warned.current = true;
    toastWarning(INCIDENT_MESSAGES.accountDisabled);
    navigate('/dashboard', { replace: true });
  }, [accountDisabled, navigate]);

  // The server could not be reached though the browser thought it was online: the phone's form
  // (NewIncidentRoute opens it for ?offline=).
  if (isError && isNetworkError(error)) return <Navigate to="/newincident?offline=new" replace />;
  if (isError) {
    return (
      <PageContainer title="New Incident" maxWidth="md">
        <Alert severity="error">The initial data could not be loaded. Reload the page to try again.</Alert>
      </PageContainer>
    );
  }
  if (!data || accountDisabled) return <PageLoader />;
  // Editors may open an incident's or a draft's working copy here; a new incident needs MYINCIDENT_ADD.
  if (!params.get('draft') && !params.get('incident') && !hasPrivilege(claims, 'MYINCIDENT_ADD')) {
    return <Navigate to="/errors/noPermission" replace state={{ from: location }} />;
  }
  return <WorkingDraftPage initData={data} />;
}
