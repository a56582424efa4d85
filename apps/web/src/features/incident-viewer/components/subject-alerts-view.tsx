import { SUBJECT_ALERT_TYPE_LABELS } from '@blotter/shared/schemas/subject-alerts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useIncidentSubjectAlerts } from '../api/get-incident-subject-alerts';

/**
 * The viewer's alerts (issue 31 §5): the subjects named on the incident that had an active ban,
 * trespass notice or watch covering its location when it was last saved.
 */
export function SubjectAlertsView({ incidentId }: { incidentId: string }) {
  const { data } = useIncidentSubjectAlerts(incidentId, true);
  const alerts = data?.items ?? [];
  if (alerts.length === 0) return null;
  return (
    <Stack component="section" aria-label="Banned subject alerts" spacing={1} sx={{ mb: 2 }}>
      {alerts.map((alert) => (
        <Alert key={alert.banId} severity={alert.banType === 'watch' ? 'warning' : 'error'} variant="outlined">
          <AlertTitle>
            {SUBJECT_ALERT_TYPE_LABELS[alert.banType]}: {alert.subjectName}
          </AlertTitle>
          {alert.message}
          {alert.reason ? ` — ${alert.reason}` : ''}
        </Alert>
      ))}
    </Stack>
  );
}
