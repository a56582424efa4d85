import { createHash, createHmac } from 'node:crypto';
import {
  AUDIT_CHECKPOINT_MESSAGES,
  type AuditCheckpoint,
  type AuditCheckpointVerify,
  type AuditVerify,
} from '@blotter/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { compactVerify, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import type { Tx } from '../../db/client';
import { auditEntries } from '../../db/schema/index';
import { contentSql, GENESIS_HASH } from './audit-chain';
import { rekeyLegacyChains } from './audit-rekey';

/*
 * What the tamper evidence claims (issue 26): the application role cannot change or remove audit
 * rows; an entry edited by the database owner shows, even with its hash recomputed, unless the
 * links are recomputed with the key; a signed checkpoint shows even that.
 */

let t: TestContext;

const inject = <T>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t
    .inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })
    .then((r) => ({ r, body: r.json<T>() }));

const insertEntries = (accountId: string, count: number) =>
  t.database.system((tx) =>
    tx.insert(auditEntries).values(
      Array.from({ length: count }, (_, i) => ({
        accountId,
        objectType: 'LOOKUP',
        transactionType: 'UPDATE',
        objectName: `Entry ${i}`,
        objectData: { name: `Entry ${i}` },
      })),
    ),
  );

const chainOf = (accountId: string) =>
  t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.accountId, accountId))
      .orderBy(sql`${auditEntries.chainSeq} nulls last`, asc(auditEntries.createdAt)),
  );

/**
 * As the owner, edits entry `seq`'s name and rewrites every link from it on with `link` (and the
 * head), as someone with database rights would to hide the edit.
 */
async function forge(accountId: string, seq: number, link: (prev: string, content: string) => string) {
  await t.database.system(async (tx: Tx) => {
    await tx.execute(
      sql`update audit_entries set object_name = 'Forged' where account_id = ${accountId} and chain_seq = ${seq}`,
    );
    const { rows } = (await tx.execute(
      sql`select e.id, e.chain_seq as seq, e.prev_hash, ${contentSql(sql`e.chain_seq`)} as content from audit_entries e
        where e.account_id = ${accountId} and e.chain_seq >= ${seq} order by e.chain_seq`,
    )) as unknown as { rows: { id: string; prev_hash: string; content: string }[] };
    let prev = rows[0]?.prev_hash ?? GENESIS_HASH;
    for (const row of rows) {
      const hash = link(prev, row.content);
      await tx.execute(sql`update audit_entries set prev_hash = ${prev}, hash = ${hash} where id = ${row.id}`);
      prev = hash;
    }
    await tx.execute(sql`update audit_chain_heads set hash = ${prev} where account_id = ${accountId}`);
  });
}

const sha256Link = (prev: string, content: string) =>
  createHash('sha256')
    .update(prev + content, 'utf8')
    .digest('hex');

let c: TestCompany;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  c = await t.createCompany({ name: 'Tamper' });
  admin = await t.signIn(c.admin);
});
afterAll(() => t.close());

describe('the application role', () => {
  it('may insert audit entries but not update, delete or seal them itself', async () => {
    await insertEntries(c.accountId, 2);
    await inject('GET', '/audits/verify', admin);
    // The error's text with its causes (drizzle wraps the database's error).
    const as = (statement: ReturnType<typeof sql>) =>
      t.database
        .tenant(c.accountId, (tx) => tx.execute(statement))
        .then(
          () => 'done',
          (error: unknown) => {
            const parts: string[] = [];
            for (let e = error; e instanceof Error; e = e.cause) parts.push(e.message);
            return parts.join(' | ');
          },
        );
    const denied = /permission denied|inserted unsealed|only unsealed entries/;
    expect(await as(sql`update audit_entries set object_name = 'x'`)).toMatch(denied);
    expect(await as(sql`delete from audit_entries`)).toMatch(denied);
    expect(await as(sql`update audit_chain_heads set chain_seq = 0`)).toMatch(denied);
    expect(await as(sql`delete from audit_chain_heads`)).toMatch(denied);
    expect(
      await as(sql`insert into audit_entries (account_id, object_type, transaction_type, chain_seq, prev_hash, hash)
        values (${c.accountId}, 'LOOKUP', 'CREATE', 999, ${GENESIS_HASH}, ${GENESIS_HASH})`),
    ).toMatch(denied);
    // The seal function seals only unsealed entries: a sealed one cannot be given another hash.
    const [sealed] = await chainOf(c.accountId);
    const head = await t.database.tenant(c.accountId, async (tx) => {
      const { rows } = (await tx.execute(sql`select chain_seq from blotter_audit_chain_head(true)`)) as unknown as {
        rows: { chain_seq: number }[];
      };
      return Number(rows[0]?.chain_seq);
    });
    expect(
      await as(
        sql`select blotter_audit_seal(${head}::bigint, ${`{${sealed?.id}}`}::uuid[], '{abc}'::text[], ${t.app.auditKey.id})`,
      ),
    ).toMatch(denied);
    expect((await inject<AuditVerify>('GET', '/audits/verify', admin)).body.ok).toBe(true);
  });
});

describe('the keyed chain', () => {
  it('finds an edited entry whose links were recomputed without the key (sha256, or another key)', async () => {
    const { accountId, admin: owner } = await t.createCompany({ name: 'Tamper unkeyed' });
    const headers = await t.signIn(owner);
    await insertEntries(accountId, 4);
    expect((await inject<AuditVerify>('GET', '/audits/verify', headers)).body.ok).toBe(true);
    await forge(accountId, 3, sha256Link);
    expect((await inject<AuditVerify>('GET', '/audits/verify', headers)).body.brokenAt).toMatchObject({
      chainSeq: 3,
      reason: 'changed',
    });
    await forge(accountId, 3, (prev, content) =>
      createHmac('sha256', 'a guessed key of 32 characters or more')
        .update(prev + content)
        .digest('hex'),
    );
    expect((await inject<AuditVerify>('GET', '/audits/verify', headers)).body.brokenAt).toMatchObject({
      chainSeq: 3,
      reason: 'changed',
    });
  });
});

describe('signed checkpoints', () => {
  it('verify while the chain holds, and not after an owner with the key rewrote it', async () => {
    const { accountId, admin: owner } = await t.createCompany({ name: 'Checkpoint' });
    const headers = await t.signIn(owner);
    await insertEntries(accountId, 3);
    const { r, body: checkpoint } = await inject<AuditCheckpoint>('GET', '/audits/checkpoint', headers);
    expect(r.statusCode, r.body).toBe(200);
    expect(checkpoint).toMatchObject({ accountId, chainSeq: 4, headHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Anyone verifies the signature with the public key alone.
    const signed = await compactVerify(checkpoint.checkpoint, await importJWK(checkpoint.publicKey, 'EdDSA'));
    expect(JSON.parse(new TextDecoder().decode(signed.payload))).toMatchObject({ seq: 4, head: checkpoint.headHash });

    await insertEntries(accountId, 2);
    const held = await inject<AuditCheckpointVerify>('POST', '/audits/verify', headers, {
      checkpoint: checkpoint.checkpoint,
    });
    expect(held.r.statusCode, held.r.body).toBe(200);
    expect(held.body).toMatchObject({ ok: true, entries: 6, checkpoint: { chainSeq: 4, matches: true } });

    // Rewritten with the key itself: the chain verifies again, the checkpoint does not.
    await forge(accountId, 2, t.app.auditKey.link);
    expect((await inject<AuditVerify>('GET', '/audits/verify', headers)).body.ok).toBe(true);
    const after = await inject<AuditCheckpointVerify>('POST', '/audits/verify', headers, {
      checkpoint: checkpoint.checkpoint,
    });
    expect(after.body).toMatchObject({ ok: false, checkpoint: { chainSeq: 4, matches: false } });
  });

  it('refuses a checkpoint it did not sign, or of another company (400), and one without AUDIT_VIEW (403)', async () => {
    const { body: mine } = await inject<AuditCheckpoint>('GET', '/audits/checkpoint', admin);
    const other = await t.createCompany({ name: 'Checkpoint other' });
    const otherHeaders = await t.signIn(other.admin);
    const theirs = await inject<{ message: string }>('POST', '/audits/verify', otherHeaders, {
      checkpoint: mine.checkpoint,
    });
    expect([theirs.r.statusCode, theirs.body.message]).toEqual([400, AUDIT_CHECKPOINT_MESSAGES.otherCompany]);
    const [header = '', , signature = ''] = mine.checkpoint.split('.');
    const altered = `${header}.${Buffer.from('{"typ":"blotter-audit-checkpoint"}').toString('base64url')}.${signature}`;
    const bad = await inject<{ message: string }>('POST', '/audits/verify', admin, { checkpoint: altered });
    expect([bad.r.statusCode, bad.body.message]).toEqual([400, AUDIT_CHECKPOINT_MESSAGES.invalid]);
    const staff = await t.signIn(c.staff);
    expect((await inject('GET', '/audits/checkpoint', staff)).r.statusCode).toBe(403);
    expect((await inject('POST', '/audits/verify', staff, { checkpoint: mine.checkpoint })).r.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/audits/checkpoint' })).statusCode).toBe(401);
  });
});

describe('chains of unkeyed links from before issue 26', () => {
  it('are re-keyed once at start, recording whether their unkeyed chain was intact', async () => {
    const { accountId, admin: owner } = await t.createCompany({ name: 'Legacy chain' });
    const headers = await t.signIn(owner);
    await insertEntries(accountId, 3);
    await inject('GET', '/audits/verify', headers);
    // Back to what the sealer of issue 13 left: sha256 links, no key id.
    await forge(accountId, 1, sha256Link);
    await t.database.system((tx) =>
      tx.execute(sql`update audit_chain_heads set key_id = null where account_id = ${accountId}`),
    );
    expect(await rekeyLegacyChains(t.database, t.app.auditKey)).toBe(4);
    expect(await rekeyLegacyChains(t.database, t.app.auditKey)).toBe(0);
    const verified = await inject<AuditVerify>('GET', '/audits/verify', headers);
    expect(verified.body).toMatchObject({ ok: true, entries: 5 });
    const keyed = (await chainOf(accountId)).find((row) => row.transactionType === 'AUDIT_CHAIN_KEYED');
    expect(keyed).toMatchObject({
      objectType: 'ACCOUNT',
      chainSeq: 5,
      objectData: { entries: 4, unkeyedChainIntact: true, firstBreak: null },
    });
  });
});
