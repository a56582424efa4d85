import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs } from '../../../../test/fixtures/incident-fixtures';
import { historyRowsOf, submitIncident } from '../../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../../test/test-app';
import { incidents } from '../../../db/schema/index';
import {
  type IncidentChanged,
  incidentChangedSubscribers,
  offIncidentChanged,
  onIncidentChanged,
} from './incident-changed';

let t: TestContext;
let a: TestCompany;
let refs: CompanyRefs;
let staff: Record<string, string>;
/** What the probe saw, and whether it should refuse the next event. */
const seen: { action: string; number: number; historyId: string; version: number | undefined }[] = [];
let refuse = false;

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Events A' });
  refs = await companyRefs(t.database, a.accountId);
  staff = await t.signIn(a.staff);
  onIncidentChanged('test-probe', async (tx, event: IncidentChanged) => {
    // The subscriber reads on the change's own transaction: the new version is already there.
    const [row] = await tx
      .select({ version: incidents.version })
      .from(incidents)
      .where(eq(incidents.id, event.incident.id));
    seen.push({
      action: event.action,
      number: event.incident.number,
      historyId: event.historyId,
      version: row?.version,
    });
    if (refuse) throw new Error('probe refuses');
  });
});
afterAll(async () => {
  offIncidentChanged('test-probe');
  await t.close();
});

describe('the "incident changed" event', () => {
  it('is registered at app build with the notifications subscriber', () => {
    expect(incidentChangedSubscribers()).toContain('incident-notifications');
  });

  it('reaches a subscriber once per change, with the incident and its history row', async () => {
    seen.length = 0;
    const incident = await submitIncident(t, staff, refs);
    const [created] = await historyRowsOf(t, incident.id);
    expect(seen).toEqual([{ action: 'CREATE', number: incident.number, historyId: created?.id, version: 1 }]);
  });

  it('rolls the change back when a subscriber throws: no history row, no new version', async () => {
    const incident = await submitIncident(t, staff, refs);
    const before = await historyRowsOf(t, incident.id);
    refuse = true;
    try {
      const saved = await t.inject({
        method: 'PUT',
        url: '/api/incidents',
        headers: staff,
        payload: { ...incident.fields, id: incident.id, draftId: null, summary: '<p>Refused by a subscriber.</p>' },
      });
      expect(saved.statusCode).toBe(500);
    } finally {
      refuse = false;
    }
    expect(seen.at(-1)?.action).toBe('EDIT');
    expect(await historyRowsOf(t, incident.id)).toEqual(before);
    const [row] = await t.database.system((tx) =>
      tx.select({ summary: incidents.summary }).from(incidents).where(eq(incidents.id, incident.id)),
    );
    expect(row?.summary).not.toContain('Refused by a subscriber');
  });
});
