import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { AppError } from '../../plugins/errors';
import type { AuditKey } from './audit-key';

/**
 * The tamper-evident audit log (issue 13, keyed in issue 26). Each company's entries form a hash
 * chain: entry n stores prev_hash (entry n-1's hash, 64 zeros for n = 1) and
 * hash = HMAC-SHA256(key, prev_hash || content), content being the canonical text below, the key
 * AUDIT_CHAIN_KEY (audit-key.ts), which the database never sees. Entries are inserted
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
 * time as ISO text in UTC with microseconds. The sealer, the verifier and the re-keying use this one text.
 */
export const contentSql = (seq: SQL) => sql`jsonb_build_array(${seq}, e.id, e.account_id, e.object_type, e.object_name,
  e.transaction_type, e.create_user_id, e.create_user_name,
  to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
  e.object_id, e.object_history_id, e.object_data)::text`;

/** A PostgreSQL array literal of uuids or hex hashes (no quoting needed). */
const pgArray = (values: string[]) => `{${values.join(',')}}`;
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The current company's chain head, locked for the transaction (none when skipped). */
export async function lockHead(tx: Tx, wait: boolean) {
  const [head] = rowsOf<{ seq: string | number; hash: string; key_id: string | null }>(
    await tx.execute(sql`select chain_seq as seq, hash, key_id from blotter_audit_chain_head(${wait})`),
  );
  return head ? { seq: Number(head.seq), hash: head.hash, keyId: head.key_id } : undefined;
}

/** A chain sealed with another key than the configured one cannot be extended or verified. */
export const otherKey = () =>
  new AppError(
    'AUDIT_KEY_MISMATCH',
    'The audit log was sealed with another key than this server’s AUDIT_CHAIN_KEY, so it cannot be verified.',
    409,
  );

/**
 * Seals the current company's committed unsealed entries in one batch (in created order), in the
 * caller's tenant transaction, through blotter_audit_seal (the application role may not update
 * audit rows). `wait`: wait for a sealer of the same company to finish (verify); otherwise skip
 * the company when another holds it (the timer: the other one is doing the work). Answers how
 * many entries it sealed (0 when skipped).
 */
export async function sealBatch(tx: Tx, key: AuditKey, options: { wait: boolean; batch?: number }): Promise<number> {
  const head = await lockHead(tx, options.wait);
  if (!head) return 0;
  // A chain of unkeyed links not re-keyed yet (audit-rekey.ts does it at start) is left alone.
  if (head.keyId === null && head.seq > 0) return 0;
  if (head.keyId !== null && head.keyId !== key.id) throw otherKey();
  const batch = rowsOf<{ id: string; content: string }>(
    await tx.execute(
      sql`select e.id, ${contentSql(sql`(${head.seq}::bigint + row_number() over (order by e.created_at, e.id))`)} as content
        from (select * from audit_entries where chain_seq is null order by created_at, id limit ${options.batch ?? SEAL_BATCH}) e
        order by e.created_at, e.id`,
    ),
  );
  if (batch.length === 0) return 0;
  let prev = head.hash;
  const ids: string[] = [];
  const hashes: string[] = [];
  for (const row of batch) {
    prev = key.link(prev, row.content);
    ids.push(row.id);
    hashes.push(prev);
  }
  await tx.execute(
    sql`select blotter_audit_seal(${head.seq}::bigint, ${pgArray(ids)}::uuid[], ${pgArray(hashes)}::text[], ${key.id})`,
  );
  return batch.length;
}

/** Seals every committed unsealed entry of the current company (verify's first step). */
export async function sealAll(tx: Tx, key: AuditKey): Promise<number> {
  let total = 0;
  for (;;) {
    const sealed = await sealBatch(tx, key, { wait: true });
    total += sealed;
    if (sealed < SEAL_BATCH) return total;
  }
}
