import type { Attachment, Draft, IncidentFields } from '@blotter/shared';
import { and, desc, eq } from 'drizzle-orm';
import { auditEntries, incidentHistory } from '../src/db/schema/index';
import { PDF } from './file-fixtures';
import { type CompanyRefs, type FormSize, incidentForm } from './fixtures/incident-fixtures';
import type { TestContext } from './test-app';
import { form } from './uploads';

/** Submits a full incident (POST /api/incidents) as the user of `headers`; answers its id, number and form. */
export async function submitIncident(
  t: TestContext,
  headers: Record<string, string>,
  refs: CompanyRefs,
  size: FormSize = {},
  change: (fields: IncidentFields) => IncidentFields = (fields) => fields,
): Promise<{ id: string; number: number; fields: IncidentFields }> {
  const fields = change(incidentForm(refs, size));
  const response = await t.inject({ method: 'POST', url: '/api/incidents', headers, payload: fields });
  if (response.statusCode !== 200) throw new Error(`Submit answered ${response.statusCode}: ${response.body}`);
  return { ...response.json<{ id: string; number: number }>(), fields };
}

/**
 * Opens an incident for editing and stores its working copy, as the form's first change does
 * (opening alone stores nothing): PUT /api/draftIncidents with the incident and its base version.
 */
export async function storeWorkingCopy(
  t: TestContext,
  headers: Record<string, string>,
  incidentId: string,
  change: (fields: IncidentFields) => IncidentFields = (fields) => fields,
): Promise<Draft> {
  const opened = await t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload: { incidentId } });
  if (opened.statusCode !== 200) throw new Error(`Open answered ${opened.statusCode}: ${opened.body}`);
  const copy = opened.json<Draft>();
  const payload = { id: copy.id, data: change(copy.data), incidentId, baseVersion: copy.baseVersion ?? undefined };
  const saved = await t.inject({ method: 'PUT', url: '/api/draftIncidents', headers, payload });
  if (saved.statusCode !== 200) throw new Error(`Draft save answered ${saved.statusCode}: ${saved.body}`);
  return { ...copy, stored: true, data: payload.data };
}

/** Uploads a small PDF to an open incident, optionally tied to a vehicle or item card. */
export async function uploadToIncident(
  t: TestContext,
  headers: Record<string, string>,
  incidentId: string,
  extra: { name?: string; incidentVehicleId?: string; incidentItemId?: string } = {},
): Promise<Attachment> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/incidents/attachments',
    headers,
    payload: form({ incidentId, name: 'Attachment 1', ...extra }, { data: PDF, name: 'report.pdf' }),
  });
  if (response.statusCode !== 200) throw new Error(`Upload answered ${response.statusCode}: ${response.body}`);
  return response.json<Attachment>();
}

/** The history rows of an incident, newest first (read as the system, past row-level security). */
export function historyRowsOf(t: TestContext, incidentId: string) {
  return t.database.system((tx) =>
    tx
      .select()
      .from(incidentHistory)
      .where(eq(incidentHistory.incidentId, incidentId))
      .orderBy(desc(incidentHistory.createdAt)),
  );
}

/** The INCIDENT audit rows of an incident, newest first. */
export function auditRowsOf(t: TestContext, incidentId: string, transactionType?: string) {
  return t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.objectType, 'INCIDENT'),
          eq(auditEntries.objectId, incidentId),
          transactionType ? eq(auditEntries.transactionType, transactionType) : undefined,
        ),
      )
      .orderBy(desc(auditEntries.createdAt)),
  );
}
