import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import { SUBJECT_ALERT_TYPE_LABELS, type SubjectAlert } from '@blotter/shared/schemas/subject-alerts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useOnline } from '../../../../lib/offline/online';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useSubjectAlerts } from '../../api/check-subject-alerts';

/** How long the form waits after a change (a plate being typed) before it asks again. */
export const SUBJECT_ALERT_DEBOUNCE_MS = 400;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
/** A date being typed is not asked about: only a whole one (else the day is today's). */
const wholeDate = (value: unknown) => {
  const date = text(value);
  return date && !Number.isNaN(Date.parse(date)) ? date : null;
};

const registerIds = (cards: readonly { personId?: unknown }[] | undefined) =>
  [...new Set((cards ?? []).map((card) => text(card.personId)).filter((id): id is string => id !== null))].sort();

/** What the check is asked: the register ids, plates, location and date occurred of the form. */
function useAlertBody() {
  const [persons, companies, vehicles, locationId, occurredDate, reportedDate] = useWatch<
    IncidentFieldsInput,
    ['persons', 'companies', 'vehicles', 'location.lastLocationId', 'occurredDate', 'reportedDate']
  >({ name: ['persons', 'companies', 'vehicles', 'location.lastLocationId', 'occurredDate', 'reportedDate'] });
  // The day the save judges the bans on: occurred, else reported (else today).
  const day = wholeDate(occurredDate) ?? wholeDate(reportedDate);
  const personIds = registerIds(persons).join(',');
  const companyIds = registerIds(companies).join(',');
  const plates = (vehicles ?? [])
    .filter((vehicle) => (vehicle.licensePlate ?? '').trim() !== '')
    .map((vehicle) => `${vehicle.licensePlate ?? ''}\u0000${vehicle.stateProvince ?? ''}`)
    .join('\u0001');
  // Keyed by plain strings so a re-render with equal values asks nothing new.
  return useMemo(
    () => ({
      locationId: text(locationId),
      occurredDate: day,
      personIds: personIds ? personIds.split(',') : [],
      companyIds: companyIds ? companyIds.split(',') : [],
      vehicles: plates
        ? plates.split('\u0001').map((pair) => {
            const [licensePlate = '', stateProvince = ''] = pair.split('\u0000');
            return { licensePlate, stateProvince };
          })
        : [],
    }),
    [locationId, day, personIds, companyIds, plates],
  );
}

/**
 * The alerts of register records the form does not name yet: the duplicate check's candidates, at
 * the form's location and date, so that a banned person is seen before 'Not a duplicate' makes a
 * new record that no ban names. Messages by register id; none offline.
 */
export function useCandidateAlerts(kind: 'person' | 'legalEntity', ids: readonly string[]): Map<string, string[]> {
  const body = useAlertBody();
  const online = useOnline();
  const key = [...ids].sort().join(',');
  const asked = useMemo(
    () => ({
      locationId: body.locationId,
      occurredDate: body.occurredDate,
      personIds: kind === 'person' && key ? key.split(',') : [],
      companyIds: kind === 'legalEntity' && key ? key.split(',') : [],
      vehicles: [],
    }),
    [body.locationId, body.occurredDate, kind, key],
  );
  const { data } = useSubjectAlerts(asked, online && key !== '');
  return useMemo(() => {
    const messages = new Map<string, string[]>();
    for (const alert of online && key ? (data ?? []) : []) {
      messages.set(alert.subjectId, [...(messages.get(alert.subjectId) ?? []), alert.message]);
    }
    return messages;
  }, [data, online, key]);
}

function AlertItem({ alert }: { alert: SubjectAlert }) {
  return (
    <Alert severity={alert.banType === 'watch' ? 'warning' : 'error'} variant="outlined">
      <AlertTitle>
        {SUBJECT_ALERT_TYPE_LABELS[alert.banType]}: {alert.subjectName}
      </AlertTitle>
      {alert.message}
      {alert.reason ? ` — ${alert.reason}` : ''}
    </Alert>
  );
}

/**
 * The entry form's alerts (issue 31 §5): when a person or legal entity of the register, or a vehicle,
 * with an active ban, trespass notice or watch covering the incident's location is on the form, it
 * says so at once above the parties. Asked again, debounced, when a subject, the location or the
 * date occurred changes; never while offline (the outbox form works without it).
 */
export function SubjectAlertsPanel() {
  const body = useAlertBody();
  const debounced = useDebouncedValue(body, SUBJECT_ALERT_DEBOUNCE_MS);
  const online = useOnline();
  const hasSubjects = debounced.personIds.length + debounced.companyIds.length + debounced.vehicles.length > 0;
  const { data } = useSubjectAlerts(debounced, online && hasSubjects);
  const alerts = online && hasSubjects ? (data ?? []) : [];
  if (alerts.length === 0) return null;
  return (
    <Stack component="section" aria-label="Subject alerts" spacing={1}>
      {alerts.map((alert) => (
        <AlertItem key={alert.banId} alert={alert} />
      ))}
    </Stack>
  );
}
