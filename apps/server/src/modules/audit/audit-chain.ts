import { createHash } from 'node:crypto';
import type { AuditVerify } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { currentTenant } from '../../db/schema/tenancy';

/**
 * The tamper-evident audit log (issue 13, beyond the spec). Each company's entries form a hash
 * chain: entry n stores prev_hash (entry n-1's hash, 64 zeros for n = 1) and
 * hash = sha256(prev_hash || content), content being the canonical text below. Entries are inserted
 * unchained by the transactions that audit (a chain lock there would serialise every search and
 * save); the sealer chains the committed ones afterwards, one company at a time under the lock of
 * its audit_chain_heads row, which also anchors the end of the chain.
 */

export const GENESIS_HASH = '0'.repeat(64);
/** Entries sealed per statement pair; a backlog is sealed in several batches. */
export const SEAL_BATCH = 500;

/**
 * The canonical content of the entry aliased `e` with chain number `seq`: a JSON array of its
 * fields rendered by PostgreSQL's jsonb output (deterministic: keys sorted, fixed spacing), the
 * time as ISO text in UTC with microseconds. The sealer and the verifier both use this one text.
 */
const contentSql = (seq: SQL) => sql`jsonb_build_array(${seq}, e.id, e.account_id, e.object_type, e.object_name,
  e.transaction_type, e.create_user_id, e.create_user_name,
  to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
  e.object_id, e.object_history_id, e.object_data)::text`;

/** The same sha256 in Node (sealing) and in SQL (verifying): over the UTF-8 of prevHash || content. */
export const chainHash = (prevHash: string, content: string) =>
  createHash('sha256')
    .update(prevHash + content, 'utf8')
    .digest('hex');

/** A PostgreSQL array literal of uuids or hex hashes (no quoting needed). */
const pgArray = (values: string[]) => `{${values.join(',')}}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Seals the current company's committed unsealed entries in one batch (in created order), in the
 * caller's tenant transaction. `wait`: wait for a sealer of the same company to finish (verify);
 * otherwise skip the company when another holds it (the timer: the other one is doing the work).
 * Answers how many entries it sealed (0 when skipped).
 */
export async function sealBatch(tx: Tx, options: { wait: boolean; batch?: number }): Promise<number> {
  await tx.execute(sql`insert into audit_chain_heads (account_id) values (${currentTenant}) on conflict do nothing`);
  const [head] = rowsOf<{ seq: string | number; hash: string }>(
    await tx.execute(
      sql`select chain_seq as seq, hash from audit_chain_heads where account_id = ${currentTenant}
        for update ${options.wait ? sql`` : sql`skip locked`}`,
    ),
  );
  if (!head) return 0;
  const start = Number(head.seq);
  const batch = rowsOf<{ id: string; content: string }>(
    await tx.execute(
      sql`select e.id, ${contentSql(sql`(${start}::bigint + row_number() over (order by e.created_at, e.id))`)} as content
        from (select * from audit_entries where chain_seq is null order by created_at, id limit ${options.batch ?? SEAL_BATCH}) e
        order by e.created_at, e.id`,
    ),
  );
  if (batch.length === 0) return 0;
  let prev = head.hash;
  const ids: string[] = [];
  const prevs: string[] = [];
  const hashes: string[] = [];
  for (const row of batch) {
    const hash = chainHash(prev, row.content);
    ids.push(row.id);
    prevs.push(prev);
    hashes.push(hash);
    prev = hash;
  }
  await tx.execute(sql`update audit_entries a set chain_seq = ${start}::bigint + s.n, prev_hash = s.prev, hash = s.hash
    from unnest(${pgArray(ids)}::uuid[], ${pgArray(prevs)}::text[], ${pgArray(hashes)}::text[]) with ordinality as s(id, prev, hash, n)
    where a.id = s.id`);
  await tx.execute(sql`update audit_chain_heads set chain_seq = ${start + batch.length}, hash = ${prev}, sealed_at = now()
    where account_id = ${currentTenant}`);
  return batch.length;
}

/** Seals every committed unsealed entry of the current company (verify's first step). */
export async function sealAll(tx: Tx): Promise<number> {
  let total = 0;
  for (;;) {
    const sealed = await sealBatch(tx, { wait: true });
    total += sealed;
    if (sealed < SEAL_BATCH) return total;
  }
}

interface Problem {
  seq: string | number;
  id: string | null;
  at: string | null;
  reason: 'changed' | 'missing';
}

/**
 * Checks the current company's chain in one statement: each entry's hash against its content and
 * prev_hash, its number against the one before (a gap: an entry deleted), its prev_hash against
 * the previous entry's hash, and the last entry against the head (entries deleted from the end).
 * Each entry is checked against its neighbour only, so the statement needs no recursion.
 */
export async function verifyChain(tx: Tx): Promise<AuditVerify> {
  const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  const [found] = rowsOf<{ entries: string | number; problem: Problem | null }>(
    await tx.execute(sql`with checked as (
        select e.chain_seq, e.id, e.created_at, e.hash,
          case
            when e.hash is distinct from encode(sha256(convert_to(e.prev_hash || ${contentSql(sql`e.chain_seq`)}, 'UTF8')), 'hex')
              then 'changed'
            when e.chain_seq <> coalesce(lag(e.chain_seq) over w, 0) + 1 then 'missing'
            when e.prev_hash is distinct from coalesce(lag(e.hash) over w, ${GENESIS_HASH}) then 'changed'
          end as reason,
          coalesce(lag(e.chain_seq) over w, 0) + 1 as expected
        from audit_entries e where e.chain_seq is not null
        window w as (order by e.chain_seq)
      ), last as (select chain_seq, id, created_at, hash from checked order by chain_seq desc limit 1),
      head as (select chain_seq, hash from audit_chain_heads where account_id = ${currentTenant})
      select (select count(*) from checked) as entries, coalesce(
        (select json_build_object('seq', case when reason = 'missing' then expected else chain_seq end,
            'id', id, 'at', ${iso('created_at')}, 'reason', reason)
          from checked where reason is not null order by chain_seq limit 1),
        (select json_build_object('seq', coalesce(l.chain_seq, 0) + 1, 'id', null, 'at', null, 'reason', 'missing')
          from head h left join last l on true where h.chain_seq > coalesce(l.chain_seq, 0)),
        (select json_build_object('seq', l.chain_seq, 'id', l.id, 'at', ${iso('l.created_at')}, 'reason', 'changed')
          from last l left join head h on true where h.hash is distinct from l.hash)
      ) as problem`),
  );
  const problem = found?.problem ?? null;
  return {
    ok: problem === null,
    entries: Number(found?.entries ?? 0),
    brokenAt: problem
      ? { chainSeq: Number(problem.seq), id: problem.id, createUserTime: problem.at, reason: problem.reason }
      : null,
  };
}
