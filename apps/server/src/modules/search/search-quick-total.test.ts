import {
  SEARCH_QUICK_TOTAL_CAP,
  SEARCH_TOTAL_CAP,
  type SearchCount,
  type SearchCriteriaInput,
  type SearchResultsPage,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIncidents } from '../../../bench/scale/seed';
import { countWhere, group, type Headers, searchRequest } from '../../../test/fixtures/search-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

/**
 * The quick total (issue 29): criteria that search texts are counted up to 1,000 ('1,000+' beyond),
 * the exact figure (up to 10,000) on demand with `exact: true`; criteria without texts are counted
 * up to 10,000 as before. 12,000 seeded incidents, one per 10 minutes back from now; of every 10,
 * one created by staff; a third closed. Their streets: numbers 1-999 'Birch Lane', 1,000 'Birch
 * Court', 1,001 'Birch Way', the others (10,999) 'Cedar Street'.
 */
let t: TestContext;
let company: TestCompany;
let admin: Headers;
let staff: Headers;
const SEEDED = 12_000;

const street = (...names: string[]) => ({ address: group(names.map((name) => ({ street: name, countryCode: '' }))) });
const closed = { status: group([{ status: 2 as const }]) };
const everything = { status: group([{ status: 1 as const }, { status: 2 as const }]) };

async function count(
  criteria: SearchCriteriaInput,
  options: { exact?: unknown; headers?: Headers } = {},
): Promise<SearchCount> {
  const response = await countResponse(criteria, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchCount>();
}

function countResponse(
  criteria: SearchCriteriaInput,
  { exact, headers = admin }: { exact?: unknown; headers?: Headers },
) {
  return t.inject({
    method: 'POST',
    url: '/api/incidents/search/count',
    headers,
    payload: { criteria, ...(exact === undefined ? {} : { exact }) },
  });
}

/** The exact number of the company's incidents meeting `condition` (countWhere). */
const truth = (condition: SQL) => countWhere(t, company.accountId, condition);

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Quick Totals Co', concurrentUserCount: 50 });
  admin = await t.signIn(company.admin);
  staff = await t.signIn(company.staff);
  await seedIncidents(t.database, {
    accountId: company.accountId,
    userId: company.admin.id,
    otherUserId: company.staff.id,
    count: SEEDED,
  });
  await t.database.system((tx) =>
    tx.execute(sql`update incidents set location_street = case when number < 1000 then 'Birch Lane'
        when number = 1000 then 'Birch Court' when number = 1001 then 'Birch Way' else 'Cedar Street' end
      where account_id = ${company.accountId}`),
  );
}, 180_000);
afterAll(() => t.close());

describe('POST /api/incidents/search/count: the quick total of text criteria', () => {
  it(`is exact up to ${SEARCH_QUICK_TOTAL_CAP} and '${SEARCH_QUICK_TOTAL_CAP}+' from one more`, async () => {
    expect(await truth(sql`i.location_street like 'Birch%'`)).toBe(SEARCH_QUICK_TOTAL_CAP + 1);
    expect(await count(street('birch lane'))).toEqual({ total: 999, totalCapped: false });
    expect(await count(street('birch lane', 'birch court'))).toEqual({
      total: SEARCH_QUICK_TOTAL_CAP,
      totalCapped: false,
    });
    expect(await count(street('birch'))).toEqual({ total: SEARCH_QUICK_TOTAL_CAP, totalCapped: true });
    expect(await count(street('birch'), { exact: false })).toEqual({
      total: SEARCH_QUICK_TOTAL_CAP,
      totalCapped: true,
    });
    expect(await count(street('cedar'))).toEqual({ total: SEARCH_QUICK_TOTAL_CAP, totalCapped: true });
    // Text and other criteria together: still the quick count.
    expect(await count({ ...street('cedar'), ...closed })).toEqual({
      total: SEARCH_QUICK_TOTAL_CAP,
      totalCapped: true,
    });
  });

  it('counts exactly on demand: up to 10,000, and 10,000+ beyond', async () => {
    expect(await count(street('birch'), { exact: true })).toEqual({
      total: SEARCH_QUICK_TOTAL_CAP + 1,
      totalCapped: false,
    });
    expect(await count(street('birch lane'), { exact: true })).toEqual({ total: 999, totalCapped: false });
    const closedCedar = await truth(sql`i.location_street = 'Cedar Street' and i.status = 2`);
    expect(closedCedar).toBeGreaterThan(3 * SEARCH_QUICK_TOTAL_CAP);
    expect(await count({ ...street('cedar'), ...closed }, { exact: true })).toEqual({
      total: closedCedar,
      totalCapped: false,
    });
    expect(await truth(sql`i.location_street = 'Cedar Street'`)).toBeGreaterThan(SEARCH_TOTAL_CAP);
    expect(await count(street('cedar'), { exact: true })).toEqual({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    // The same total as the page counted with its rows (total=counted, unchanged).
    const counted = await searchRequest(t, admin, { ...street('cedar'), ...closed }, '');
    expect(counted.json<SearchResultsPage>()).toMatchObject({ total: closedCedar, totalCapped: false });
  });

  it('counts criteria without texts up to 10,000 as before, exact or not', async () => {
    const closedAll = await truth(sql`i.status = 2`);
    expect(closedAll).toBeGreaterThan(SEARCH_QUICK_TOTAL_CAP);
    expect(await count(closed)).toEqual({ total: closedAll, totalCapped: false });
    expect(await count(closed, { exact: true })).toEqual({ total: closedAll, totalCapped: false });
    expect(await count(everything)).toEqual({ total: SEARCH_TOTAL_CAP, totalCapped: true });
  });

  it('counts only what the user may find (staff: their own)', async () => {
    const own = await truth(
      sql`i.create_user_id = ${company.staff.id}::uuid and not i.locked and i.location_street = 'Cedar Street'`,
    );
    expect(own).toBeGreaterThan(SEARCH_QUICK_TOTAL_CAP);
    expect(own).toBeLessThan(SEARCH_TOTAL_CAP);
    expect(await count(street('cedar'), { headers: staff })).toEqual({
      total: SEARCH_QUICK_TOTAL_CAP,
      totalCapped: true,
    });
    expect(await count(street('cedar'), { headers: staff, exact: true })).toEqual({ total: own, totalCapped: false });
    const ownBirch = await truth(
      sql`i.create_user_id = ${company.staff.id}::uuid and not i.locked and i.location_street like 'Birch%'`,
    );
    expect(ownBirch).toBeGreaterThan(0);
    expect(await count(street('birch'), { headers: staff })).toEqual({ total: ownBirch, totalCapped: false });
  });

  it("answers 400 to an 'exact' that is not true or false", async () => {
    for (const exact of ['yes', 1, null]) {
      const response = await countResponse(street('birch'), { exact });
      expect(response.statusCode, JSON.stringify(exact)).toBe(400);
      expect(response.json().message).toContain('exact must be true or false.');
    }
  });
});

describe('GET /api/incidents/search/custom/{id}/count: the dashboard card', () => {
  it('shows the quick total of text criteria, and counts the others to 10,000', async () => {
    const save = async (name: string, criteria: SearchCriteriaInput) => {
      const response = await t.inject({
        method: 'POST',
        url: '/api/incidents/search/custom',
        headers: admin,
        payload: { name, criteria },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ id: string }>().id;
    };
    const card = async (id: string) => {
      const response = await t.inject({
        method: 'GET',
        url: `/api/incidents/search/custom/${id}/count`,
        headers: admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SearchCount>();
    };
    expect(await card(await save('Cedar', street('cedar')))).toEqual({
      total: SEARCH_QUICK_TOTAL_CAP,
      totalCapped: true,
    });
    expect(await card(await save('Birch Lane', street('birch lane')))).toEqual({ total: 999, totalCapped: false });
    expect(await card(await save('Closed', closed))).toEqual({
      total: await truth(sql`i.status = 2`),
      totalCapped: false,
    });
  });
});
