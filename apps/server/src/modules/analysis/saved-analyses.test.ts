import { randomUUID } from 'node:crypto';
import {
  ANALYSIS_MESSAGES,
  type Page,
  PRIVILEGES,
  type Privilege,
  type SavedAnalysis,
  type SavedAnalysisCreate,
} from '@blotter/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { item, range } from '../../../test/fixtures/analysis-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries, savedAnalyses } from '../../db/schema/index';

/** Saved analyses: the dashboard's (/api/analysis/custom) and the company's chart reports (/api/analysis/reports). */
let t: TestContext;
let company: TestCompany;
let other: TestCompany;

const TARGETS = [
  {
    target: 'dashboard',
    url: '/api/analysis/custom',
    audit: 'ANALYZE',
    missing: 'Saved analysis not found.',
    reader: ['ANALYZE_VIEW'],
    writer: ['INCIDENT_ANALYSIS'],
    /** Who may call each method. */
    privileges: {
      GET: ['ANALYZE_VIEW', 'INCIDENT_ANALYSIS'],
      POST: ['INCIDENT_ANALYSIS'],
      PUT: ['INCIDENT_ANALYSIS'],
      DELETE: ['ANALYZE_VIEW', 'INCIDENT_ANALYSIS'],
    },
    shared: false,
  },
  {
    target: 'report',
    url: '/api/analysis/reports',
    audit: 'REPORT',
    missing: 'Report not found.',
    reader: ['REPORT_PRINT'],
    writer: ['REPORT_CREATE'],
    privileges: {
      GET: ['REPORT_PRINT', 'REPORT_CREATE'],
      POST: ['REPORT_CREATE'],
      PUT: ['REPORT_CREATE'],
      DELETE: ['REPORT_CREATE'],
    },
    shared: true,
  },
] as const;

const CRITERIA = [
  item(range('2025-01-01', '2025-12-31'), 'month', { timezone: 'America/Toronto', periodName: ' This year ' }),
  item(range('2024-01-01', '2024-12-31'), 'month', { timezone: 'America/Toronto' }),
];
const body = (overrides: Partial<SavedAnalysisCreate> = {}): SavedAnalysisCreate => ({
  name: 'Thefts by month',
  criteria: CRITERIA,
  chartType: 'bar',
  frequency: 'month',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Saved Analyses Co', concurrentUserCount: 80 });
  other = await t.createCompany({ name: 'Elsewhere Analyses Co' });
});
afterAll(() => t.close());

const userWith = async (privileges: readonly Privilege[], accountId = company.accountId) =>
  t.signIn(await t.createUser(accountId, { privileges }));
const storedRow = async (id: string) =>
  (await t.database.system((tx) => tx.select().from(savedAnalyses).where(eq(savedAnalyses.id, id))))[0];
const auditOf = (objectType: string, objectId: string) =>
  t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.objectType, objectType), eq(auditEntries.objectId, objectId)))
      .orderBy(asc(auditEntries.createdAt)),
  );

describe.each(TARGETS)('$url', (spec) => {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    headers: Record<string, string>,
    payload?: object,
    path = '',
  ) => t.inject({ method, url: `${spec.url}${path}`, headers, ...(payload ? { payload } : {}) });
  const save = async (headers: Record<string, string>, overrides: Partial<SavedAnalysisCreate> = {}) => {
    const response = await call('POST', headers, body(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SavedAnalysis>();
  };

  it(`saves the validated analysis with a ${spec.audit} CREATE audit entry`, async () => {
    const writer = await userWith(spec.writer);
    const answer = await save(writer, { name: '  Thefts ', description: ' Board pack ', incidentClasses: [] });
    expect(answer).toEqual({
      id: expect.any(String),
      name: 'Thefts',
      description: 'Board pack',
      criteria: [
        expect.objectContaining({ periodName: 'This year', timezoneOffset: 0, timezone: 'America/Toronto' }),
        expect.objectContaining({ periodName: '', period: expect.objectContaining({ fromDate: '2024-01-01' }) }),
      ],
      chartType: 'bar',
      frequency: 'month',
      incidentClasses: [],
      creationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await storedRow(answer.id)).toMatchObject({ accountId: company.accountId, target: spec.target });
    const audit = await auditOf(spec.audit, answer.id);
    expect(audit.map((row) => [row.transactionType, row.objectName])).toEqual([['CREATE', 'Thefts']]);
    expect(audit[0]?.objectData).toMatchObject({ name: 'Thefts', chartType: 'bar', frequency: 'month' });
  });

  it('answers 400 with a clear message and stores nothing', async () => {
    const writer = await userWith(spec.writer);
    const cases: [object, string][] = [
      [body({ name: ' ' }), ANALYSIS_MESSAGES.titleRequired],
      [body({ name: 'n'.repeat(101) }), ANALYSIS_MESSAGES.titleMax],
      [body({ criteria: [] }), ANALYSIS_MESSAGES.periodRequired],
      [body({ chartType: 'donut' as 'bar' }), ANALYSIS_MESSAGES.chartTypeRequired],
      [body({ incidentClasses: ['nope'] }), 'Invalid id'],
      [{ ...body(), id: 'nope' }, 'Invalid id'],
    ];
    for (const [payload, message] of cases) {
      const method = 'id' in payload ? 'PUT' : 'POST';
      const response = await call(method, writer, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
    expect((await call('DELETE', writer, undefined, '/nope')).json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid id',
    });
  });

  it('pages newest first with the total, 10 by default; never another company', async () => {
    const accountId = (await t.createCompany({ name: `Paging ${spec.target}` })).accountId;
    const writer = await userWith([...spec.writer, ...spec.reader], accountId);
    for (let n = 1; n <= 11; n++) await save(writer, { name: `Analysis ${n}` });
    await save(await userWith(spec.writer, other.accountId), { name: 'Foreign' });
    const first = (await call('GET', writer)).json<Page<SavedAnalysis>>();
    expect(first).toMatchObject({ total: 11, page: 0, pageSize: 10 });
    expect(first.items.map((a) => a.name).slice(0, 2)).toEqual(['Analysis 11', 'Analysis 10']);
    const last = (await call('GET', writer, undefined, '?p=5&psz=2')).json<Page<SavedAnalysis>>();
    expect(last).toMatchObject({ total: 11, page: 5, pageSize: 2 });
    expect(last.items.map((a) => a.name)).toEqual(['Analysis 1']);
    expect((await call('GET', writer, undefined, '?psz=101')).statusCode).toBe(400);
  });

  it(`${spec.shared ? 'shares' : 'keeps private'} a colleague's analyses`, async () => {
    const writer = await userWith([...spec.writer, ...spec.reader]);
    const colleagues = await save(await userWith(spec.writer), { name: 'Colleague' });
    const listed = (await call('GET', writer, undefined, '?psz=100')).json<Page<SavedAnalysis>>().items;
    expect(listed.some((a) => a.id === colleagues.id)).toBe(spec.shared);
    const update = await call('PUT', writer, { ...body({ name: 'Taken over' }), id: colleagues.id });
    expect(update.statusCode).toBe(spec.shared ? 200 : 404);
  });

  it(`updates with a ${spec.audit} UPDATE entry; 404 for another company's, the other kind's or an unknown id`, async () => {
    const writer = await userWith(spec.writer);
    const own = await save(writer);
    const response = await call('PUT', writer, {
      ...body({ name: 'After', chartType: 'pie', frequency: 'class' }),
      id: own.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SavedAnalysis>()).toMatchObject({
      id: own.id,
      name: 'After',
      chartType: 'pie',
      frequency: 'class',
    });
    expect((await auditOf(spec.audit, own.id)).map((row) => row.transactionType)).toEqual(['CREATE', 'UPDATE']);
    const foreign = await save(await userWith(spec.writer, other.accountId), { name: 'Foreign keep' });
    const otherKind = TARGETS.find((candidate) => candidate.target !== spec.target);
    const otherKindRow = await t.inject({
      method: 'POST',
      url: otherKind?.url ?? '',
      headers: await t.signIn(company.admin),
      payload: body({ name: 'Other kind keep' }),
    });
    for (const id of [foreign.id, otherKindRow.json<SavedAnalysis>().id, randomUUID()]) {
      const refused = await call('PUT', writer, { ...body({ name: 'Taken' }), id });
      expect(refused.statusCode, id).toBe(404);
      expect(refused.json()).toEqual({ code: 'NOT_FOUND', message: spec.missing });
      expect((await call('DELETE', writer, undefined, `/${id}`)).statusCode).toBe(404);
    }
    expect((await storedRow(foreign.id))?.name).toBe('Foreign keep');
  });

  it(`deletes with a ${spec.audit} DELETE entry; a second delete is 404`, async () => {
    const writer = await userWith(spec.writer);
    const doomed = await save(writer, { name: 'Doomed' });
    // A chart report is the company's: another REPORT_CREATE user deletes it; a dashboard card its owner.
    const remover = spec.shared ? await userWith(spec.writer) : writer;
    const response = await call('DELETE', remover, undefined, `/${doomed.id}`);
    expect(response.statusCode).toBe(204);
    expect(await storedRow(doomed.id)).toBeUndefined();
    expect((await auditOf(spec.audit, doomed.id)).map((row) => row.transactionType)).toEqual(['CREATE', 'DELETE']);
    expect((await call('DELETE', writer, undefined, `/${doomed.id}`)).statusCode).toBe(404);
  });

  it('answers 401 without a session and 403 without the privileges of each call', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const path = method === 'DELETE' ? `/${randomUUID()}` : '';
      const payload = method === 'POST' ? body() : method === 'PUT' ? { ...body(), id: randomUUID() } : undefined;
      expect((await call(method, {}, payload, path)).statusCode, method).toBe(401);
      const needed: readonly string[] = spec.privileges[method];
      const without = await userWith(PRIVILEGES.filter((code) => !needed.includes(code)));
      const refused = await call(method, without, payload, path);
      expect(refused.statusCode, method).toBe(403);
      for (const code of needed) {
        const holder = await userWith([code as Privilege]);
        expect((await call(method, holder, payload, path)).statusCode, `${method} ${code}`).not.toBe(403);
      }
    }
  });

  it('answers stored criteria as the current schema reads them, leaving out what it no longer reads', async () => {
    const writer = await userWith([...spec.writer, ...spec.reader]);
    const saved = await save(writer, { name: 'Retired zone' });
    await t.database.system((tx) =>
      tx
        .update(savedAnalyses)
        .set({ criteria: [{ ...CRITERIA[0], timezone: 'US/Pacific-New' }, CRITERIA[1]], incidentClasses: ['x'] })
        .where(eq(savedAnalyses.id, saved.id)),
    );
    const listed = (await call('GET', writer, undefined, '?psz=100')).json<Page<SavedAnalysis>>().items;
    const read = listed.find((a) => a.id === saved.id);
    expect(read?.criteria.map((c) => c.period.fromDate)).toEqual(['2024-01-01']);
    expect(read?.incidentClasses).toEqual([]);
    expect(read?.name).toBe('Retired zone');
  });
});
