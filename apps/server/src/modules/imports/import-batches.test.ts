import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyLookups, csv, putMapping, runJob, uploaded } from '../../../test/fixtures/import-fixtures';
import { group, numbersFound } from '../../../test/fixtures/search-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

let t: TestContext;
let company: TestCompany;
let headers: Record<string, string>;
let lookups: { classPath: string; severity: string };

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Import Batches Co' });
  const importer = await t.createUser(company.accountId, { privileges: ['INCIDENT_IMPORT', 'ALLINCIDENT_SEARCH'] });
  headers = await t.signIn(importer);
  lookups = await companyLookups(t, company.accountId);
}, 120_000);
afterAll(() => t.close());

/** Three batches of 500 and a bit: the import writes two of them at once. */
const ROWS = 1_250;

const file = (prefix: string) =>
  csv([
    ['Ref', 'Date reported', 'Date occurred', 'Class', 'First name', 'Last name'],
    ...Array.from({ length: ROWS }, (_, i) => [
      `${prefix}-${i + 1}`,
      '2025-01-05T08:00:00Z',
      '2025-01-05T07:00:00Z',
      lookups.classPath,
      'Ann',
      `${prefix}person${i + 1}`,
    ]),
  ]);

async function prepared(prefix: string) {
  const detail = await uploaded(t, headers, file(prefix), `${prefix}.csv`);
  const sheet = detail.mapping.sheets[0];
  if (!sheet) throw new Error('no sheet');
  await putMapping(t, headers, detail.id, {
    ...detail.mapping,
    sheets: [
      {
        ...sheet,
        columns: {
          ...sheet.columns,
          Ref: 'sourceRef',
          'First name': 'person.firstName',
          'Last name': 'person.lastName',
        },
      },
    ],
  });
  const validated = await runJob(t, headers, detail.id, 'validate');
  expect(validated.status).toBe('validated');
  return detail;
}

/** Every row stored once: an incident each, its own number, history and search row, and one outcome. */
const everyRowOnce = { incidents: ROWS, numbers: ROWS, history: ROWS, searchable: ROWS, outcomes: ROWS };

/** What the database holds of the import's incidents (by the prefix of their references). */
const stored = (prefix: string, importId: string) =>
  t.database.system(async (tx) => {
    const result = (await tx.execute(sql`select
        (select count(*)::int from incidents where account_id = ${company.accountId} and source_ref like ${`${prefix}-%`}) as incidents,
        (select count(distinct number)::int from incidents where account_id = ${company.accountId} and source_ref like ${`${prefix}-%`}) as numbers,
        (select count(*)::int from incident_history h join incidents i on i.id = h.incident_id
          where i.account_id = ${company.accountId} and i.source_ref like ${`${prefix}-%`} and h.action_type = 'IMPORT') as history,
        (select count(*)::int from incident_search s join incidents i on i.id = s.id
          where i.account_id = ${company.accountId} and i.source_ref like ${`${prefix}-%`}
          and s.persons like ${`%${prefix.toLowerCase()}person%`}) as searchable,
        (select count(*)::int from import_rows where import_id = ${importId}) as outcomes`)) as unknown as {
      rows: { incidents: number; numbers: number; history: number; searchable: number; outcomes: number }[];
    };
    return result.rows[0];
  });

describe('an import of several batches', () => {
  it('stores every row once, each with its own number, history and search row, two batches written at once', async () => {
    const detail = await prepared('B');
    const done = await runJob(t, headers, detail.id, 'run');
    expect(done.status).toBe('done');
    expect(done.counts).toEqual({ rows: ROWS, valid: ROWS, refused: 0, created: ROWS, skipped: 0 });
    expect(await stored('B', detail.id)).toEqual(everyRowOnce);
    // A person of the last batch is found by search at once.
    expect(await numbersFound(t, headers, { person: group([{ lastName: `Bperson${ROWS}` }]) })).toHaveLength(1);
  });

  it('resumes a failed import with the rows that have no outcome, whichever batches had committed', async () => {
    const detail = await prepared('R');
    // The second batch fails (a database error on one of its rows); the batch beside it may commit.
    await t.database.system(async (tx) => {
      // Only this company's row (test files share the database on PostgreSQL).
      await tx.execute(
        sql.raw(`create or replace function test_refuse_r700() returns trigger language plpgsql as $$
        begin if new.account_id = '${company.accountId}' and new.source_ref = 'R-700' then
          raise exception 'refused for the test'; end if; return new; end $$`),
      );
      await tx.execute(sql`drop trigger if exists test_refuse_r700 on incidents`);
      await tx.execute(
        sql`create trigger test_refuse_r700 before insert on incidents for each row execute function test_refuse_r700()`,
      );
    });
    const failed = await runJob(t, headers, detail.id, 'run');
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('The import stopped: refused for the test. Try again, or contact support.');
    const before = await stored('R', detail.id);
    expect(before?.incidents).toBeGreaterThanOrEqual(500);
    expect(before?.incidents).toBeLessThan(ROWS);
    expect(before?.outcomes).toBe(before?.incidents);
    // No batch is still being written behind the failure: nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await stored('R', detail.id)).toEqual(before);

    await t.database.system(async (tx) => {
      await tx.execute(sql`drop trigger test_refuse_r700 on incidents`);
      await tx.execute(sql`drop function test_refuse_r700()`);
    });
    const resumed = await runJob(t, headers, detail.id, 'run');
    expect(resumed.status).toBe('done');
    expect(resumed.counts).toEqual({ rows: ROWS, valid: ROWS, refused: 0, created: ROWS, skipped: 0 });
    expect(await stored('R', detail.id)).toEqual(everyRowOnce);
  });
});
