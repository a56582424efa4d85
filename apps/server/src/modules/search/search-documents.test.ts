import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs } from '../../../test/fixtures/incident-fixtures';
import {
  classTree,
  group,
  type Headers,
  numbersFound,
  type Scenario,
  searchRequest,
  submitScenario,
} from '../../../test/fixtures/search-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

let t: TestContext;
let company: TestCompany;
let admin: Headers;
let refs: CompanyRefs;
let s: Scenario;

const found = (criteria: Parameters<typeof numbersFound>[2]) => numbersFound(t, admin, criteria);
const change = (statement: ReturnType<typeof sql>) => t.database.system((tx) => tx.execute(statement));
const idOf = async (number: number) => {
  const result = (await change(
    sql`select id from incidents where account_id = ${company.accountId} and number = ${number}`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows[0]?.id ?? '';
};

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Documents Co', concurrentUserCount: 50 });
  admin = await t.signIn(company.admin);
  refs = await companyRefs(t.database, company.accountId);
  s = await submitScenario(t, admin, refs, await classTree(t, company.accountId));
});
afterAll(() => t.close());

describe('the search documents (incident_search) follow every change, in its transaction', () => {
  it('a renamed, added or removed card is found as it is now', async () => {
    const tran = await idOf(s.tran);
    expect(await found({ person: group([{ lastName: 'minh' }]) })).toEqual([s.tran]);
    await change(sql`update incident_persons set last_name = 'Okonkwo' where incident_id = ${tran}`);
    expect(await found({ person: group([{ lastName: 'minh' }]) })).toEqual([]);
    expect(await found({ person: group([{ lastName: 'okonk' }]) })).toEqual([s.tran]);

    expect(await found({ vehicle: group([{ hasVehicle: true }]) })).toContain(s.tran);
    await change(sql`delete from incident_vehicles where incident_id = ${tran}`);
    expect(await found({ vehicle: group([{ hasVehicle: true }]) })).not.toContain(s.tran);

    await change(sql`insert into attachments (account_id, incident_id, name, file_key, file_name, file_type, file_size, attachment_type)
      values (${company.accountId}, ${tran}, 'Dashcam', 'documents-test-key', 'clip-0042.mp4', 'video/mp4', 1, 'file')`);
    expect(await found({ attachment: group([{ name: 'clip-0042' }]) })).toEqual([s.tran]);
  });

  it('an incident that changes is found by what it is now, and a deleted one not at all', async () => {
    const nowak = await idOf(s.nowak);
    await change(sql`update incidents set location_street = 'Rue Sainte-Catherine' where id = ${nowak}`);
    expect(await found({ address: group([{ street: 'sainte-cath' }]) })).toEqual([s.nowak]);
    await change(sql`delete from incidents where id = ${nowak}`);
    expect(await found({ address: group([{ street: 'sainte-cath' }]) })).toEqual([]);
    const rows = (await change(sql`select count(*)::int as n from incident_search where id = ${nowak}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('a card criterion is met by one card: two persons do not make one', async () => {
    // 'John Smith' is on smith's incident; nobody there is called John Nowak or Łukasz Smith.
    expect(await found({ person: group([{ firstName: 'john', lastName: 'smith' }]) })).toEqual([s.smith]);
    expect(await found({ person: group([{ firstName: 'john', lastName: 'nowak' }]) })).toEqual([]);
  });

  it('are written by the triggers only: the application role may read its company’s rows, not write them', async () => {
    const mine = (await t.database.tenant(company.accountId, (tx) =>
      tx.execute(sql`select count(*)::int as n from incident_search`),
    )) as unknown as { rows: { n: number }[] };
    expect(mine.rows[0]?.n).toBeGreaterThan(0);
    await expect(
      t.database.tenant(company.accountId, (tx) => tx.execute(sql`update incident_search set persons = ''`)),
    ).rejects.toThrow();
    await expect(
      t.database.tenant(company.accountId, (tx) => tx.execute(sql`delete from incident_search`)),
    ).rejects.toThrow();
  });

  it('typed regular-expression characters are plain characters', async () => {
    for (const value of ['.', '.*', '(', '[', ']', '\\', '^', '$', '|', '+', '?', '{2}', 'Tr.n', '[a-z]']) {
      const response = await searchRequest(t, admin, { person: group([{ lastName: value }]) });
      expect(response.statusCode, value).toBe(200);
      expect(response.json<{ total: number }>().total, value).toBe(0);
    }
    // The creator's name is a LIKE: its wildcards are characters too.
    for (const value of ['%', '_', '\\']) {
      const response = await searchRequest(t, admin, { creator: group([{ lastName: value }]) });
      expect(response.statusCode, value).toBe(200);
      expect(response.json<{ total: number }>().total, value).toBe(0);
    }
  });
});
