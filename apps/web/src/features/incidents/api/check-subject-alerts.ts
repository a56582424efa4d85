import type { SubjectAlert, SubjectAlertCheck, SubjectAlertList } from '@blotter/shared/schemas/subject-alerts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /subjects/alerts: the active bans, trespass notices and watches on the form's subjects at its location. */
export async function checkSubjectAlerts(body: SubjectAlertCheck, signal?: AbortSignal): Promise<SubjectAlert[]> {
  const list = await apiFetch<SubjectAlertList>('/subjects/alerts', { method: 'POST', body, signal });
  return list.items;
}

export const subjectAlertsQueryOptions = (body: SubjectAlertCheck) =>
  queryOptions({
    queryKey: queryKeys.subjects.alertCheck(body),
    queryFn: ({ signal }) => checkSubjectAlerts(body, signal),
    // The alerts shown stay while the next answer loads, so the panel does not blink.
    placeholderData: keepPreviousData,
    // A failed check is not the person's concern while typing: the save computes the alerts again.
    meta: { silent: true },
  });

/** The form's alerts; `enabled` false (offline, no subject) asks nothing. */
export function useSubjectAlerts(body: SubjectAlertCheck, enabled: boolean) {
  return useQuery({ ...subjectAlertsQueryOptions(body), enabled });
}
