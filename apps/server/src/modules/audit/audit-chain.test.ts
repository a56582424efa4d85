import type { AuditVerify } from '@blotter/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditChainHeads, auditEntries } from '../../db/schema/index';
import { GENESIS_HASH, SEAL_BATCH, sealBatch } from './audit-chain';
import { createAuditSealer } from './audit-sealer';

let t: TestContext;

const verify = async (headers: Record<string, string>) => {
  const response = await t.inject({ method: 'GET', url: '/api/audits/verify', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditVerify>();
};

/** The company's entries in chain order (unsealed last), read past row-level security. */
const chainOf = (accountId: string) =>
  t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.accountId, accountId))
      .orderBy(sql`${auditEntries.chainSeq} nulls last`, asc(auditEntries.createdAt)),
  );

/** `count` LOOKUP entries of the company, written directly (unsealed, as writeAudit leaves them). */
const insertEntries = (accountId: string, count: number, name = 'Entry') =>
  t.database.system((tx) =>
    tx.insert(auditEntries).values(
      Array.from({ length: count }, (_, i) => ({
        accountId,
        objectType: 'LOOKUP',
        transactionType: 'UPDATE',
        objectName: `${name} ${i}`,
        objectData: { name: `${name} ${i}`, type: 'incidentClass', level: 1, levelLabel: 'Class', parentName: null },
      })),
    ),
  );

/** A company with a signed-in administrator (whose sign-in is its first entry). */
async function company(name: string): Promise<{ c: TestCompany; admin: Record<string, string> }> {
  const c = await t.createCompany({ name });
  return { c, admin: await t.signIn(c.admin) };
}

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('sealing', () => {
  it('chains each company’s committed entries in order: numbers from 1, each linked to the one before', async () => {
    const { c } = await company('Chain seal');
    await insertEntries(c.accountId, 4);
    expect((await chainOf(c.accountId)).every((row) => row.chainSeq === null)).toBe(true);
    const sealed = await t.app.auditSealer.sealAll();
    expect(sealed).toBeGreaterThanOrEqual(5);
    const rows = await chainOf(c.accountId);
    expect(rows.map((row) => row.chainSeq)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
    rows.forEach((row, i) => {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      if (i > 0) expect(row.prevHash).toBe(rows[i - 1]?.hash);
    });
    const [head] = await t.database.system((tx) =>
      tx.select().from(auditChainHeads).where(eq(auditChainHeads.accountId, c.accountId)),
    );
    expect(head).toMatchObject({ chainSeq: 5, hash: rows[4]?.hash });
    // Nothing left: a second run seals nothing and changes nothing.
    await t.app.auditSealer.sealAll();
    expect(await chainOf(c.accountId)).toEqual(rows);
  });

  it('runs on its timer until stopped', async () => {
    const { c } = await company('Chain timer');
    const sealer = createAuditSealer(t.database, t.app.auditKey, (error: unknown) => {
      throw error;
    });
    sealer.start(20);
    try {
      await expect
        .poll(async () => (await chainOf(c.accountId)).map((row) => row.chainSeq), { timeout: 5_000 })
        .toEqual([1]);
    } finally {
      await sealer.stop();
    }
    await insertEntries(c.accountId, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await chainOf(c.accountId)).map((row) => row.chainSeq)).toEqual([1, null]);
  });

  it('keeps each company’s chain to itself', async () => {
    const one = await company('Chain one');
    const two = await company('Chain two');
    await insertEntries(one.c.accountId, 2);
    await t.app.auditSealer.sealAll();
    expect((await chainOf(one.c.accountId)).map((row) => row.chainSeq)).toEqual([1, 2, 3]);
    expect((await chainOf(two.c.accountId)).map((row) => row.chainSeq)).toEqual([1]);
  });

  it('two sealers at once never fork a chain: every entry gets one number, no number twice', async () => {
    const { c, admin } = await company('Chain race');
    await insertEntries(c.accountId, SEAL_BATCH * 2 + 7);
    const other = createAuditSealer(t.database, t.app.auditKey, (error: unknown) => {
      throw error;
    });
    const perCompany = () => t.database.tenant(c.accountId, (tx) => sealBatch(tx, t.app.auditKey, { wait: false }));
    await Promise.all([t.app.auditSealer.sealAll(), other.sealAll(), perCompany(), perCompany()]);
    // A sealer that finds the company locked by another skips it (skip locked), so the race may
    // leave the last entries to the next tick: one more pass, alone, as the next tick would.
    await t.app.auditSealer.sealAll();
    const rows = await chainOf(c.accountId);
    expect(rows.map((row) => row.chainSeq)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.prevHash)).size).toBe(rows.length);
    expect(await verify(admin)).toEqual({ ok: true, entries: rows.length, brokenAt: null });
  });
});

describe('GET /api/audits/verify', () => {
  it('seals what was committed first, then answers ok', async () => {
    const { c, admin } = await company('Verify ok');
    await insertEntries(c.accountId, 3);
    expect(await verify(admin)).toEqual({ ok: true, entries: 4, brokenAt: null });
    // A search audited just now is in the next answer.
    await t.inject({
      method: 'POST',
      url: '/api/incidents/search',
      headers: admin,
      payload: { criteria: { status: { values: [{ id: 'c', status: 1 }] } } },
    });
    expect(await verify(admin)).toMatchObject({ ok: true, entries: 5 });
  });

  it('finds an entry whose objectData was changed in the database, and only that one', async () => {
    const { c, admin } = await company('Verify edit');
    await insertEntries(c.accountId, 5);
    await verify(admin);
    const target = (await chainOf(c.accountId))[3];
    await t.database.system((tx) =>
      tx.execute(sql`update audit_entries set object_data = jsonb_set(object_data, '{name}', '"Tampered"')
        where id = ${target?.id}`),
    );
    expect(await verify(admin)).toEqual({
      ok: false,
      entries: 6,
      brokenAt: { chainSeq: 4, id: target?.id, createUserTime: expect.any(String), reason: 'changed' },
    });
    // The same change with a recomputed hash still breaks the link to the next entry.
    await t.database.system((tx) =>
      tx.execute(sql`update audit_entries set hash = repeat('a', 64) where id = ${target?.id}`),
    );
    expect((await verify(admin)).brokenAt).toMatchObject({ chainSeq: 4, reason: 'changed' });
  });

  it('finds a changed time or user name too', async () => {
    const { c, admin } = await company('Verify time');
    await insertEntries(c.accountId, 2);
    await verify(admin);
    const target = (await chainOf(c.accountId))[1];
    await t.database.system((tx) =>
      tx.execute(
        sql`update audit_entries set created_at = created_at - interval '1 microsecond' where id = ${target?.id}`,
      ),
    );
    expect((await verify(admin)).brokenAt).toMatchObject({ chainSeq: 2, id: target?.id, reason: 'changed' });
  });

  it('finds a deleted entry: in the middle by the gap, at the end by the head', async () => {
    const { c, admin } = await company('Verify delete');
    await insertEntries(c.accountId, 4);
    await verify(admin);
    const rows = await chainOf(c.accountId);
    await t.database.system((tx) => tx.delete(auditEntries).where(eq(auditEntries.id, rows[2]?.id ?? '')));
    expect(await verify(admin)).toEqual({
      ok: false,
      entries: 4,
      brokenAt: { chainSeq: 3, id: rows[3]?.id, createUserTime: expect.any(String), reason: 'missing' },
    });

    const { c: d, admin: dAdmin } = await company('Verify delete last');
    await insertEntries(d.accountId, 2);
    await verify(dAdmin);
    const last = (await chainOf(d.accountId))[2];
    await t.database.system((tx) => tx.delete(auditEntries).where(eq(auditEntries.id, last?.id ?? '')));
    expect(await verify(dAdmin)).toEqual({
      ok: false,
      entries: 2,
      brokenAt: { chainSeq: 3, id: null, createUserTime: null, reason: 'missing' },
    });
  });
});
