import { INCIDENT_STATUS } from '@blotter/shared/constants';
import { hasPrivilege } from '@blotter/shared/privileges';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { CountCard } from '../components/count-card';
import { PageContainer } from '../components/page-container';
import { useDraftIncidents } from '../features/drafts/api/get-draft-incidents';
import { useMyIncidents } from '../features/incidents/api/get-my-incidents';
import { countByStatus } from '../features/incidents/utils/count-by-status';
import { useSession } from '../lib/auth/session-context';

export const OWN_INCIDENTS_ONLY_NOTE =
  'Due to permission settings, your search will only return results for incidents you have created.';

/** '/dashboard': counts of the user's drafts, open and closed incidents (spec 2 §2). */
export default function DashboardPage() {
  const { claims } = useSession();
  const drafts = useDraftIncidents();
  const incidents = useMyIncidents();
  const open = incidents.data ? countByStatus(incidents.data, INCIDENT_STATUS.OPEN) : undefined;
  const closed = incidents.data ? countByStatus(incidents.data, INCIDENT_STATUS.CLOSED) : undefined;

  return (
    <PageContainer title="Dashboard">
      {!hasPrivilege(claims, 'ALLINCIDENT_SEARCH') && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {OWN_INCIDENTS_ONLY_NOTE}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <CountCard title="Draft Incidents" count={drafts.data?.length} failed={drafts.isError} />
        <CountCard title="Open Incidents" count={open} failed={incidents.isError} />
        <CountCard title="Closed Incidents" count={closed} failed={incidents.isError} />
      </Box>
    </PageContainer>
  );
}
