import { CSV_BOM, type SavedSearch, SEARCH_TOTAL_CAP, type SearchPage, type SearchSort } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIncidents } from '../../../bench/scale/seed';
import { group, type Headers, searchRequest } from '../../../test/fixtures/search-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

/**
 * Sorting search results on the server (issue 27): by number, date reported, date occurred or
 * status, either way, ties by number then id; on both plans (at most the count cap matched, and
 * more), kept with a saved search and followed by a report run and the export.
 */
let t: TestContext;
let company: TestCompany;
let admin: Headers;
const SEEDED = SEARCH_TOTAL_CAP + 30;
const everything = { status: group([{ status: 1 as const }, { status: 2 as const }]) };
/** Incidents moved years back (occurred), in this order of their new dates; 40 and 41 share one. */
const MOVED = [900, 40, 41, 7];

interface Stored {
  number: number;
  status: number;
  reported: number;
  occurred: number;
}
let stored: Stored[] = [];

/** The expected order, computed here from the stored values (not by the statement under test). */
function expectedOrder(sort: SearchSort, rows: readonly Stored[] = stored): number[] {
  const keys: Record<SearchSort['by'], (row: Stored) => number[]> = {
    number: (row) => [row.number],
    reportedDate: (row) => [row.reported, row.number],
    occurredDate: (row) => [row.occurred, row.number],
    status: (row) => [row.status, row.reported, row.number],
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  const key = keys[sort.by];
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return sign * ((x[i] ?? 0) - (y[i] ?? 0));
      return 0;
    })
    .map((row) => row.number);
}

const page = async (criteria: object, sort: SearchSort | undefined, query = '') => {
  const response = await searchRequest(t, admin, criteria, query, sort ? { sort } : {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchPage>();
};

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Sort Co', concurrentUserCount: 50 });
  admin = await t.signIn(company.admin);
  await seedIncidents(t.database, {
    accountId: company.accountId,
    userId: company.admin.id,
    otherUserId: company.staff.id,
    count: SEEDED,
  });
  // Seeded dates grow with the number: some are moved so that each sort differs from the number's.
  stored = await t.database.system(async (tx) => {
    for (const [n, number] of MOVED.entries()) {
      const years = number === 41 ? MOVED.indexOf(40) : n;
      await tx.execute(sql`update incidents set occurred_date = now() - make_interval(years => ${10 - years}),
        reported_date = now() - make_interval(years => ${n + 1})
        where account_id = ${company.accountId} and number = ${number}`);
    }
    const rows = (await tx.execute(sql`select number, status,
        extract(epoch from reported_date)::float8 as reported, extract(epoch from occurred_date)::float8 as occurred
      from incidents where account_id = ${company.accountId}`)) as unknown as { rows: Stored[] };
    return rows.rows;
  });
});
afterAll(() => t.close());

describe('POST /api/incidents/search with a sort', () => {
  const sorts: SearchSort[] = [
    { by: 'occurredDate', direction: 'asc' },
    { by: 'occurredDate', direction: 'desc' },
    { by: 'reportedDate', direction: 'asc' },
    { by: 'status', direction: 'asc' },
    { by: 'status', direction: 'desc' },
    { by: 'number', direction: 'asc' },
  ];

  it(`reads the pages of more than ${SEARCH_TOTAL_CAP} matches in the sort's order, ties by number`, async () => {
    for (const sort of sorts) {
      const expected = expectedOrder(sort);
      const first = await page(everything, sort, '?psz=20');
      expect(first.totalCapped).toBe(true);
      expect(
        first.items.map((row) => row.number),
        JSON.stringify(sort),
      ).toEqual(expected.slice(0, 20));
      const later = await page(everything, sort, '?p=3&psz=20');
      expect(
        later.items.map((row) => row.number),
        JSON.stringify(sort),
      ).toEqual(expected.slice(60, 80));
    }
    // The two incidents moved to one date come in the number's order of the direction.
    const ascending = expectedOrder({ by: 'occurredDate', direction: 'asc' });
    expect(ascending.slice(0, 4)).toEqual([900, 40, 41, 7]);
  });

  it('cuts the page of a few matches in the same order', async () => {
    const numbers = [...MOVED, 3, 4, 5, 6, 300, 301];
    const criteria = { incidentNumber: group(numbers.map((number) => ({ number }))) };
    const few = stored.filter((row) => numbers.includes(row.number));
    for (const sort of sorts) {
      const answer = await page(criteria, sort, '?psz=100');
      expect(answer.total).toBe(numbers.length);
      expect(
        answer.items.map((row) => row.number),
        JSON.stringify(sort),
      ).toEqual(expectedOrder(sort, few));
    }
    // Without a sort: newest first, as before.
    const plain = await page(criteria, undefined, '?psz=100');
    expect(plain.items.map((row) => row.number)).toEqual([...numbers].sort((a, b) => b - a));
  });

  it('answers 400 to a sort by another column or in another direction', async () => {
    const refused = async (sort: unknown) => (await searchRequest(t, admin, everything, '', { sort })).json();
    expect(await refused({ by: 'summary', direction: 'asc' })).toEqual({
      code: 'BAD_REQUEST',
      message: 'Results can be sorted by number, date reported, date occurred or status.',
    });
    expect(await refused({ by: 'number', direction: 'up' })).toEqual({
      code: 'BAD_REQUEST',
      message: 'The sort direction is asc or desc.',
    });
    expect(await refused({ by: 'number; drop table incidents', direction: 'asc' })).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('exports in the sort of the request', async () => {
    const sort: SearchSort = { by: 'occurredDate', direction: 'asc' };
    const numbers = [...MOVED, 3, 4, 5];
    const response = await t.inject({
      method: 'POST',
      url: '/api/incidents/search/export',
      headers: admin,
      payload: {
        criteria: { incidentNumber: group(numbers.map((number) => ({ number }))) },
        columns: ['number'],
        sort,
      },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.slice(CSV_BOM.length).split('\r\n').filter(Boolean);
    expect(lines.slice(1).map(Number)).toEqual(
      expectedOrder(
        sort,
        stored.filter((row) => numbers.includes(row.number)),
      ),
    );
  });
});

describe('a saved search keeps its sort', () => {
  it('stores the sort, answers it (newest first when none was sent), and a report runs in it', async () => {
    const sort: SearchSort = { by: 'occurredDate', direction: 'asc' };
    const criteria = { incidentNumber: group([...MOVED, 3].map((number) => ({ number }))) };
    const created = await t.inject({
      method: 'POST',
      url: '/api/reports/custom',
      headers: admin,
      payload: { name: 'Oldest first', criteria, sort },
    });
    expect(created.statusCode, created.body).toBe(200);
    const report = created.json<SavedSearch>();
    expect(report.sort).toEqual(sort);
    const run = await t.inject({ method: 'GET', url: `/api/reports/custom/${report.id}`, headers: admin });
    expect(run.json<SearchPage>().items.map((row) => row.number)).toEqual(
      expectedOrder(
        sort,
        stored.filter((row) => [...MOVED, 3].includes(row.number)),
      ),
    );

    const updated = await t.inject({
      method: 'PUT',
      url: '/api/reports/custom',
      headers: admin,
      payload: { id: report.id, name: 'Open first', criteria, sort: { by: 'status', direction: 'asc' } },
    });
    expect(updated.json<SavedSearch>().sort).toEqual({ by: 'status', direction: 'asc' });

    const plain = await t.inject({
      method: 'POST',
      url: '/api/incidents/search/custom',
      headers: admin,
      payload: { name: 'Plain', criteria },
    });
    expect(plain.json<SavedSearch>().sort).toEqual({ by: 'number', direction: 'desc' });
    const listed = await t.inject({ method: 'GET', url: '/api/incidents/search/custom', headers: admin });
    expect(listed.json<{ items: SavedSearch[] }>().items.map((item) => item.sort)).toEqual([
      { by: 'number', direction: 'desc' },
    ]);
    const refused = await t.inject({
      method: 'POST',
      url: '/api/incidents/search/custom',
      headers: admin,
      payload: { name: 'Bad', criteria, sort: { by: 'what', direction: 'asc' } },
    });
    expect(refused.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Results can be sorted by number, date reported, date occurred or status.',
    });
  });
});
