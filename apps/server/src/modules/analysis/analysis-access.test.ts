import { ANALYSIS_MESSAGES, PRIVILEGES } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysis,
  analyze,
  auditRowsOf,
  type Headers,
  item,
  nonZero,
  range,
  submitOccurred,
} from '../../../test/fixtures/analysis-fixtures';
import { type CompanyRefs, companyRefs } from '../../../test/fixtures/incident-fixtures';
import { storeWorkingCopy } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { ANALYSIS_SERVER_MESSAGES } from './analysis.service';

/** Who may run an analysis and what it counts: the search's visibility; its audit entry; bad input. */
let t: TestContext;
let company: TestCompany;
let admin: Headers;
let refs: CompanyRefs;
/** INCIDENT_ANALYSIS without ALLINCIDENT_SEARCH: their own incidents only. */
let ownOnly: Headers;
/** INCIDENT_ANALYSIS and ALLINCIDENT_SEARCH, without INCIDENT_LOCK. */
let allUnlocked: Headers;
/** …and INCIDENT_LOCK. */
let allLocked: Headers;

const MAY = range('2025-05-01', '2025-05-31');
const UTC = { timezone: 'UTC' };
const mayTotal = async (headers: Headers) =>
  nonZero(await analysis(t, headers, [item(MAY, 'month', UTC)]))['2025-05'] ?? 0;

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Visible Co', concurrentUserCount: 50 });
  admin = await t.signIn(company.admin);
  refs = await companyRefs(t.database, company.accountId);
  const analyst = await t.createUser(company.accountId, { privileges: ['INCIDENT_ANALYSIS', 'MYINCIDENT_ADD'] });
  ownOnly = await t.signIn(analyst);
  allUnlocked = await t.signIn(
    await t.createUser(company.accountId, { privileges: ['INCIDENT_ANALYSIS', 'ALLINCIDENT_SEARCH'] }),
  );
  allLocked = await t.signIn(
    await t.createUser(company.accountId, { privileges: ['INCIDENT_ANALYSIS', 'ALLINCIDENT_SEARCH', 'INCIDENT_LOCK'] }),
  );
  // The admin's three incidents in May (two closed, one of them locked) and the analyst's one.
  const close = async (id: string) => {
    const closed = await t.inject({
      method: 'POST',
      url: `/api/incidents/close/${id}`,
      headers: admin,
      payload: { closedBy: 'USER' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
  };
  await submitOccurred(t, admin, refs, '2025-05-02T12:00:00.000Z');
  const locked = await submitOccurred(t, admin, refs, '2025-05-03T12:00:00.000Z');
  await close(locked.id);
  const lock = await t.inject({ method: 'POST', url: `/api/incidents/lock/${locked.id}`, headers: admin });
  expect(lock.statusCode, lock.body).toBe(200);
  await close((await submitOccurred(t, admin, refs, '2025-05-04T12:00:00.000Z')).id);
  await submitOccurred(t, ownOnly, refs, '2025-05-05T12:00:00.000Z');
});
afterAll(() => t.close());

describe('what an analysis counts', () => {
  it('counts Open and Closed incidents; locked ones only with INCIDENT_LOCK', async () => {
    expect(await mayTotal(allUnlocked)).toBe(3);
    expect(await mayTotal(allLocked)).toBe(4);
    expect(await mayTotal(admin)).toBe(4);
  });

  it('counts only the user own incidents without ALLINCIDENT_SEARCH', async () => {
    expect(await mayTotal(ownOnly)).toBe(1);
  });

  it('never counts drafts or working copies: a working copy that moves the date moves nothing', async () => {
    const incident = await submitOccurred(t, admin, refs, '2025-05-20T12:00:00.000Z');
    const draft = await t.inject({ method: 'POST', url: '/api/draftIncidents', headers: admin, payload: {} });
    expect(draft.statusCode).toBe(200);
    await storeWorkingCopy(t, admin, incident.id, (fields) => ({
      ...fields,
      occurredDate: '2025-06-10T12:00:00.000Z',
    }));
    const both = await analysis(t, admin, [item(range('2025-05-01', '2025-06-30'), 'month', UTC)]);
    expect(nonZero(both)).toEqual({ '2025-05': 5 });
  });
});

describe('audit', () => {
  it('writes an ANALYZE entry with the audit title and the criteria as read by the schema', async () => {
    const before = (await auditRowsOf(t, company.accountId, 'ANALYZE')).length;
    const criteria = [item(MAY, 'weekday', { ...UTC, periodName: ' May ' })];
    const response = await analyze(t, allUnlocked, { criteria, name: 'Thefts' }, '?auditTitle=Board%20pack');
    expect(response.statusCode, response.body).toBe(200);
    const rows = await auditRowsOf(t, company.accountId, 'ANALYZE');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      transactionType: 'ANALYZE',
      objectName: 'Board pack',
      objectData: {
        auditTitle: 'Board pack',
        name: 'Thefts',
        selectedClasses: [],
        criteria: [
          {
            periodName: 'May',
            frequency: 'weekday',
            chartType: 'bar',
            timezone: 'UTC',
            timezoneOffset: 0,
            period: { id: 'p', type: 'period', fromDate: '2025-05-01', toDate: '2025-05-31', periodName: '' },
          },
        ],
      },
    });
  });

  it('writes nothing for a refused analysis', async () => {
    const before = (await auditRowsOf(t, company.accountId, 'ANALYZE')).length;
    const response = await analyze(t, admin, { criteria: [item(MAY, 'month')], selectedClasses: [refs.incidentClass] });
    expect(response.statusCode).toBe(400);
    expect(await auditRowsOf(t, company.accountId, 'ANALYZE')).toHaveLength(before);
  });
});

describe('authentication, privileges and bad input', () => {
  const body = { criteria: [item(MAY, 'month', UTC)] };

  it('answers 401 without a session', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/analysis', payload: body });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 without INCIDENT_ANALYSIS, ANALYZE_VIEW, REPORT_PRINT and REPORT_CREATE, and runs with any one', async () => {
    const four = ['INCIDENT_ANALYSIS', 'ANALYZE_VIEW', 'REPORT_PRINT', 'REPORT_CREATE'];
    const rest = PRIVILEGES.filter((code) => !four.includes(code));
    const none = await t.signIn(await t.createUser(company.accountId, { privileges: rest }));
    const refused = await analyze(t, none, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('FORBIDDEN');
    for (const privilege of four) {
      const headers = await t.signIn(
        await t.createUser(company.accountId, { privileges: [privilege as (typeof PRIVILEGES)[number]] }),
      );
      expect((await analyze(t, headers, body)).statusCode, privilege).toBe(200);
    }
  });

  it('answers 400 with a clear message', async () => {
    const eleven = Array.from({ length: 11 }, () => item(MAY, 'month'));
    const cases: [object, string][] = [
      [{ criteria: [] }, ANALYSIS_MESSAGES.periodRequired],
      [{ criteria: eleven }, ANALYSIS_MESSAGES.tooManyPeriods],
      [{ criteria: [item(MAY, 'month'), item(MAY, 'day')] }, ANALYSIS_SERVER_MESSAGES.mixedFrequencies],
      [{ criteria: [item(range('0001-01-01', '9999-12-31'), 'month')] }, ANALYSIS_SERVER_MESSAGES.tooManyBuckets],
      [{ criteria: [item({ type: 'lastNDays', days: 36_500 }, 'day')] }, ANALYSIS_SERVER_MESSAGES.tooManyBuckets],
      [{ criteria: [item(range('2025-05-31', '2025-05-01'), 'month')] }, ANALYSIS_MESSAGES.periodOrder],
      [{ criteria: [item({ type: 'period', fromDate: '2025-05-01' }, 'month')] }, ANALYSIS_MESSAGES.periodDates],
      [{ criteria: [item({ type: 'lastNDays', days: 0 }, 'month')] }, ANALYSIS_MESSAGES.lastNDays],
      [{ criteria: [item({ type: 'lastNMonths', lastNMonths: -1 }, 'month')] }, ANALYSIS_MESSAGES.lastNMonths],
      [{ criteria: [item(MAY, 'month', { timezone: 'Mars/Olympus' })] }, ANALYSIS_MESSAGES.invalidTimezone],
      [{ criteria: [item(MAY, 'fortnight' as 'month')] }, ANALYSIS_MESSAGES.frequencyRequired],
      [{ ...body, name: 'n'.repeat(101) }, ANALYSIS_MESSAGES.titleMax],
      [{ criteria: [item(MAY, 'month', { classCriteria: { values: ['x'], logicalOperation: 'OR' } })] }, 'Invalid id'],
    ];
    for (const [payload, message] of cases) {
      const response = await analyze(t, admin, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
    const badType = await analyze(t, admin, body, '?type=pdf');
    expect(badType.statusCode).toBe(400);
  });
});
