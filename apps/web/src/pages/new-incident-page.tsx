import { INCIDENT_MESSAGES } from '@blotter/shared/schemas/incidents';
import Alert from '@mui/material/Alert';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageContainer } from '../components/page-container';
import { PageLoader } from '../components/page-loader';
import { useInitData } from '../features/commons/api/get-init-data';
import { NewIncidentForm } from '../features/incidents/components/new-incident-form';
import { toastSuccess, toastWarning } from '../lib/toast';

/** '/newincident': a disabled account is sent back to the dashboard (spec 1 §2). */
export default function NewIncidentPage() {
  const { data, isError } = useInitData();
  const navigate = useNavigate();
  const warned = useRef(false);
  const accountDisabled = data?.accountActive === false;

  useEffect(() => {
    if (!accountDisabled || warned.current) return;
    warned.current = true;
    toastWarning(INCIDENT_MESSAGES.accountDisabled);
    navigate('/dashboard', { replace: true });
  }, [accountDisabled, navigate]);

  if (isError) {
    return (
      <PageContainer title="New Incident" maxWidth="md">
        <Alert severity="error">The initial data could not be loaded. Reload the page to try again.</Alert>
      </PageContainer>
    );
  }
  if (!data || accountDisabled) return <PageLoader />;
  return (
    <PageContainer title="New Incident" maxWidth="md">
      <NewIncidentForm
        classTree={data.multipleLookups.incidentClass ?? []}
        onSaved={(created) => {
          toastSuccess(`Incident #${created.number} is saved.`);
          navigate('/dashboard');
        }}
      />
    </PageContainer>
  );
}
