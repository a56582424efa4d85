import {
  SEARCH_TOTAL_CAP,
  type SearchCount,
  type SearchCriteriaInput,
  type SearchResultsPage,
  type SearchSort,
  searchCriteriaSchema,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIncidents } from '../../../bench/scale/seed';
import { countWhere, group, type Headers, searchRequest } from '../../../test/fixtures/search-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import type { Principal } from '../../plugins/auth';
import { SEARCH_WALK_ROWS, searchWhere, surelyAboveCap } from './search.queries';

/**
 * Rows first (issue 29): POST /incidents/search?total=deferred answers the page without counting
 * (its total only when reading the page told it), and POST /incidents/search/count answers the
 * total; asked for the exact total of texts, it decides '10,000+' from a random sample where that is
 * certain and counts otherwise (the quick total of texts: search-quick-total.test.ts).
 * 30,000 seeded incidents, one per 10 minutes back from now; of every 10, one created by staff;
 * a third closed (exactly 10,000).
 */
let t: TestContext;
let company: TestCompany;
let admin: Headers;
let staff: Headers;
const SEEDED = 30_000;
const everything = { status: group([{ status: 1 as const }, { status: 2 as const }]) };
const closed = { status: group([{ status: 2 as const }]) };
const lastWeek = { dateReported: group([{ periodType: 'lastNDays' as const, days: 7 }]) };

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** Two days about 150 days back: far below the newest incidents the page walks first. */
const longAgo = {
  dateOccurred: group([{ periodType: 'period' as const, fromDate: daysAgo(151), toDate: daysAgo(150) }]),
};

async function page(
  criteria: SearchCriteriaInput,
  query: string,
  sort?: SearchSort,
  headers: Headers = admin,
): Promise<SearchResultsPage> {
  const response = await searchRequest(t, headers, criteria, query, sort ? { sort } : {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResultsPage>();
}

async function count(criteria: SearchCriteriaInput, headers: Headers = admin, exact = false): Promise<SearchCount> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/incidents/search/count',
    headers,
    payload: { criteria, exact },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchCount>();
}

/** The exact number of the company's incidents meeting `condition` (countWhere). */
const truth = (condition: SQL) => countWhere(t, company.accountId, condition);

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Totals Co', concurrentUserCount: 50 });
  admin = await t.signIn(company.admin);
  staff = await t.signIn(company.staff);
  await seedIncidents(t.database, {
    accountId: company.accountId,
    userId: company.admin.id,
    otherUserId: company.staff.id,
    count: SEEDED,
  });
  // Three in four on Maple Avenue (22,500), the others on Oak Street (7,500): texts to count.
  await t.database.system((tx) =>
    tx.execute(sql`update incidents set location_street = case when number % 4 = 0 then 'Oak Street' else 'Maple Avenue' end
      where account_id = ${company.accountId}`),
  );
}, 180_000);
afterAll(() => t.close());

describe('POST /api/incidents/search?total=deferred: the rows first', () => {
  it('answers the same rows as the counted page, without a total when the newest incidents held the page', async () => {
    for (const query of ['', '&p=3', '&psz=25&p=1']) {
      const counted = await page(everything, `?total=counted${query}`);
      const deferred = await page(everything, `?total=deferred${query}`);
      expect(counted.totalCapped).toBe(true);
      expect(deferred.total).toBeNull();
      expect(deferred.items.map((row) => row.number)).toEqual(counted.items.map((row) => row.number));
    }
    // Without the parameter the page is counted, as before.
    expect((await page(everything, '')).total).toBe(SEARCH_TOTAL_CAP);
  });

  it('answers the exact total with the page when it had to gather every match (few, or far down the order)', async () => {
    const few = { incidentNumber: group([{ number: 5 }, { number: 29_999 }, { number: 12_000 }]) };
    const answer = await page(few, '?total=deferred');
    expect(answer).toMatchObject({ total: 3, totalCapped: false });
    expect(answer.items.map((row) => row.number)).toEqual([29_999, 12_000, 5]);

    const far = await page(longAgo, '?total=deferred&psz=20');
    const counted = await page(longAgo, '?psz=20');
    // Two days of one incident per 10 minutes.
    expect(far.total).toBe(counted.total);
    expect(far.total).toBeGreaterThan(250);
    expect(far.total).toBeLessThan(300);
    expect(far.items.map((row) => row.number)).toEqual(counted.items.map((row) => row.number));
  });

  it('keeps the order of every sort on each path', async () => {
    const sorts: SearchSort[] = [
      { by: 'occurredDate', direction: 'asc' },
      { by: 'reportedDate', direction: 'desc' },
      { by: 'status', direction: 'asc' },
      { by: 'number', direction: 'asc' },
    ];
    for (const sort of sorts) {
      for (const criteria of [everything, longAgo, lastWeek]) {
        const counted = await page(criteria, '?p=1&psz=15', sort);
        const deferred = await page(criteria, '?total=deferred&p=1&psz=15', sort);
        expect(
          deferred.items.map((row) => row.number),
          JSON.stringify({ sort, criteria }),
        ).toEqual(counted.items.map((row) => row.number));
      }
    }
  });

  it('walks only the incidents the user may find (staff: their own)', async () => {
    const own = await page(everything, '?total=deferred&psz=5', undefined, staff);
    const counted = await page(everything, '?psz=5', undefined, staff);
    expect(own.items.map((row) => row.number)).toEqual(counted.items.map((row) => row.number));
  });

  it("answers 400 to another value of 'total'", async () => {
    const response = await searchRequest(t, admin, everything, '?total=all');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("total must be 'counted' or 'deferred'.");
  });
});

describe('POST /api/incidents/search/count', () => {
  it("answers '10,000+' for twenty thousand and more, exact totals up to the cap", async () => {
    expect(SEEDED).toBeGreaterThan(2 * SEARCH_WALK_ROWS);
    expect(await count(everything)).toEqual({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    const open = { status: group([{ status: 1 as const }]) };
    expect(await count(open)).toEqual({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    // Exactly the cap: not capped, however close the sample comes.
    expect(await truth(sql`i.status = 2`)).toBe(SEARCH_TOTAL_CAP);
    expect(await count(closed)).toEqual({ total: SEARCH_TOTAL_CAP, totalCapped: false });
    // All recent: a sample of the newest incidents would say 30,000; the random one counts them.
    const week = await count(lastWeek);
    expect(week.totalCapped).toBe(false);
    expect(week.total).toBe((await page(lastWeek, '')).total);
    expect(week.total).toBeGreaterThan(6 * 144);
    expect(week.total).toBeLessThan(8 * 144);
  });

  it('counts texts exactly on demand: from the random sample only where it is certain, else by counting', async () => {
    const street = (name: string) => ({ address: group([{ street: name, countryCode: '' }]) });
    expect(await count(street('maple'), admin, true)).toEqual({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(await count(street('oak'), admin, true)).toEqual({ total: 7_500, totalCapped: false });
    const principal = {
      userId: company.admin.id,
      accountId: company.accountId,
      admin: true,
      privileges: [],
    } as unknown as Principal;
    const decided = (name: string) =>
      t.database.tenant(company.accountId, (tx) =>
        surelyAboveCap(
          tx,
          principal,
          searchWhere(principal, searchCriteriaSchema.parse(street(name)), { timezoneOffset: 0 }),
        ),
      );
    expect(await decided('maple')).toBe(true);
    expect(await decided('oak')).toBe(false);
  });

  it('counts what the user may find, as the page does', async () => {
    const own = await count(everything, staff);
    const expected = await truth(sql`i.create_user_id = ${company.staff.id}::uuid and not i.locked`);
    expect(expected).toBeGreaterThan(2000);
    expect(own).toEqual({ total: expected, totalCapped: false });
    expect(own.total).toBe((await page(everything, '', undefined, staff)).total);
  });

  it('answers 400 without criteria and 401 without a session', async () => {
    const empty = await t.inject({
      method: 'POST',
      url: '/api/incidents/search/count',
      headers: admin,
      payload: { criteria: {} },
    });
    expect(empty.statusCode).toBe(400);
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/incidents/search/count',
      payload: { criteria: closed },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
