import { type HistoryEntry, OFFLINE_MESSAGES } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs, incidentForm } from '../../../test/fixtures/incident-fixtures';
import { historyRowsOf } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

let t: TestContext;
let company: TestCompany;
let refs: CompanyRefs;
let staff: Record<string, string>;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const submit = (payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: '/api/incidents', headers: staff, payload });
const historyOf = async (id: string) => {
  const response = await t.inject({ method: 'GET', url: `/api/incidents/${id}/history`, headers: staff });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HistoryEntry[]>();
};

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Night Patrol Co', concurrentUserCount: 100 });
  refs = await companyRefs(t.database, company.accountId);
  staff = await t.signIn(company.staff);
});
afterAll(() => t.close());

describe('POST /api/incidents recorded offline (recordedOfflineAt)', () => {
  it('says in the history when the phone recorded it and when the server received it', async () => {
    const recordedOfflineAt = ago(20 * MINUTE);
    const response = await submit({ ...incidentForm(refs), draftId: null, recordedOfflineAt });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: string }>();
    const history = await historyOf(id);
    expect(history).toEqual([
      {
        id: expect.any(String),
        updateDate: expect.any(String),
        actionType: 'CREATE',
        updateUserName: expect.stringMatching(/^Test User /),
        recordedOfflineAt,
        importedFrom: null,
      },
    ]);
    const received = Date.parse(history[0]?.updateDate ?? '');
    expect(received).toBeGreaterThan(Date.parse(recordedOfflineAt));
    const [row] = await historyRowsOf(t, id);
    expect(row?.recordedOfflineAt?.toISOString()).toBe(recordedOfflineAt);
  });

  it('keeps it on the CREATE entry only, also when the incident is closed on entry', async () => {
    const recordedOfflineAt = ago(10 * MINUTE);
    const close = { closedBy: 'USER', closeComments: 'Done on the spot.' };
    const response = await submit({ ...incidentForm(refs), draftId: null, recordedOfflineAt, close });
    expect(response.statusCode, response.body).toBe(200);
    const history = await historyOf(response.json<{ id: string }>().id);
    expect(history.map((entry) => [entry.actionType, entry.recordedOfflineAt])).toEqual([
      ['CLOSE', null],
      ['CREATE', recordedOfflineAt],
    ]);
  });

  it('refuses a time in the future, before the day of the date reported, or not a date, with 400', async () => {
    const fields = { ...incidentForm(refs), draftId: null, reportedDate: ago(HOUR) };
    const cases: [string, string][] = [
      [new Date(Date.now() + HOUR).toISOString(), OFFLINE_MESSAGES.inFuture],
      [ago(HOUR + 25 * HOUR), OFFLINE_MESSAGES.beforeReported],
      ['yesterday evening', 'Invalid date'],
    ];
    for (const [recordedOfflineAt, message] of cases) {
      const response = await submit({ ...fields, recordedOfflineAt });
      expect(response.statusCode, recordedOfflineAt).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
    // A phone clock a little ahead, and a time earlier on the day reported, are accepted.
    for (const recordedOfflineAt of [new Date(Date.now() + MINUTE).toISOString(), ago(HOUR + 3 * HOUR)]) {
      expect((await submit({ ...fields, recordedOfflineAt })).statusCode, recordedOfflineAt).toBe(200);
    }
  });

  it('leaves the history entry as before without it', async () => {
    const response = await submit({ ...incidentForm(refs), draftId: null });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await historyOf(response.json<{ id: string }>().id);
    expect(entry?.recordedOfflineAt).toBeNull();
  });
});
