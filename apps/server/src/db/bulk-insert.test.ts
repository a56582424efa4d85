import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/test-app';
import { bulkInsert } from './bulk-insert';
import { apiTokens, auditEntries } from './schema/index';

let t: Awaited<ReturnType<typeof createTestContext>>;
let accountId: string;
let userId: string;

beforeAll(async () => {
  t = await createTestContext();
  const company = await t.createCompany({ name: 'Bulk Insert Co' });
  accountId = company.accountId;
  userId = (await t.createUser(accountId, {})).id;
}, 120_000);
afterAll(() => t?.close());

describe('bulkInsert (one JSON parameter per statement)', () => {
  it('stores every kind of cell as drizzle would, and a column a row leaves out takes its default', async () => {
    const at = new Date('2024-03-10T01:30:00.123Z');
    const data = { note: 'Chloé "quoted" \\ back-slash', nested: { list: [1, null, 'x'], yes: true } };
    const answered = await t.database.tenant(accountId, (tx) =>
      bulkInsert(
        tx,
        auditEntries,
        [
          // objectName and createUserName left out (defaults ''); createdAt given as a Date.
          { accountId, objectType: 'BULK', transactionType: 'ONE', createdAt: at, objectData: data },
          // A row that sets them, and a null JSON cell.
          {
            accountId,
            objectType: 'BULK',
            transactionType: 'TWO',
            objectName: "O'Brien",
            createUserName: 'Ann',
            createUserId: userId,
            objectData: null,
          },
          { accountId, objectType: 'BULK', transactionType: 'THREE', createdAt: at, objectData: [1, 2] },
        ],
        sql`id, transaction_type`,
      ),
    );
    // Two statements (two sets of columns), the rows of each in the order given.
    expect(answered.map((r) => r.transaction_type)).toEqual(['ONE', 'THREE', 'TWO']);
    const stored = await t.database.tenant(accountId, (tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.objectType, 'BULK'))
        .orderBy(asc(auditEntries.transactionType)),
    );
    const byType = Object.fromEntries(stored.map((row) => [row.transactionType, row]));
    expect(byType.ONE).toMatchObject({ objectName: '', createUserName: '', createdAt: at, objectData: data });
    expect(byType.TWO).toMatchObject({
      objectName: "O'Brien",
      createUserName: 'Ann',
      createUserId: userId,
      objectData: null,
    });
    expect(byType.THREE?.objectData).toEqual([1, 2]);
    expect(stored.map((row) => row.id).sort()).toEqual(answered.map((r) => r.id).sort());
  });

  it('stores arrays as arrays, a left-out array column takes its default, and a bad cell fails the statement', async () => {
    await t.database.tenant(accountId, (tx) =>
      bulkInsert(tx, apiTokens, [
        {
          accountId,
          name: 'a',
          tokenHash: `bulk-a-${accountId}`,
          hint: 'h',
          createdBy: userId,
          privileges: ['INCIDENT_VIEW', "it's"],
        },
        { accountId, name: 'b', tokenHash: `bulk-b-${accountId}`, hint: 'h', createdBy: userId },
      ]),
    );
    const rows = await t.database.tenant(accountId, (tx) =>
      tx
        .select({ name: apiTokens.name, privileges: apiTokens.privileges })
        .from(apiTokens)
        .orderBy(asc(apiTokens.name)),
    );
    expect(rows).toEqual([
      { name: 'a', privileges: ['INCIDENT_VIEW', "it's"] },
      { name: 'b', privileges: [] },
    ]);
    await expect(
      t.database.tenant(accountId, (tx) =>
        bulkInsert(tx, apiTokens, [
          { accountId, name: 'c', tokenHash: `bulk-c-${accountId}`, hint: 'h', createdBy: 'not-a-uuid' },
        ]),
      ),
    ).rejects.toThrow();
  });

  it('stores half an emoji (a text cut by position) as U+FFFD, as a text parameter would, and refuses what JSON cannot carry', async () => {
    const cut = 'Date ❌ 😀'.slice(0, -1); // ends with a lone high surrogate
    await t.database.tenant(accountId, (tx) =>
      bulkInsert(tx, auditEntries, [{ accountId, objectType: 'CUT', transactionType: 'X', objectName: cut }]),
    );
    const [row] = await t.database.tenant(accountId, (tx) =>
      tx.select({ name: auditEntries.objectName }).from(auditEntries).where(eq(auditEntries.objectType, 'CUT')),
    );
    expect(row?.name).toBe('Date ❌ \uFFFD');
    await expect(
      t.database.tenant(accountId, (tx) =>
        bulkInsert(tx, auditEntries, [{ accountId, objectType: 'NAN', transactionType: 'X', chainSeq: Number.NaN }]),
      ),
    ).rejects.toThrow('bulkInsert cannot send NaN for chain_seq');
    await expect(
      t.database.tenant(accountId, (tx) =>
        bulkInsert(tx, auditEntries, [
          { accountId, objectType: sql`'SQL'` as unknown as string, transactionType: 'X' },
        ]),
      ),
    ).rejects.toThrow('bulkInsert cannot send');
  });
});
