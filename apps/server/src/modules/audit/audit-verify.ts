import type { AuditVerify } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { currentTenant } from '../../db/schema/tenancy';
import { contentSql, GENESIS_HASH, otherKey, rowsOf } from './audit-chain';
import type { AuditKey } from './audit-key';

/** Entries read per statement while verifying; the links are recomputed in Node, where the key is. */
const VERIFY_PAGE = 2_000;

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

interface Row {
  seq: string | number;
  id: string;
  at: string;
  prev_hash: string | null;
  hash: string | null;
  content: string;
}

type Problem = NonNullable<AuditVerify['brokenAt']>;

/** The company's chain head as stored (no lock: verifying reads only). */
export async function readHead(tx: Tx) {
  const [head] = rowsOf<{ seq: string | number; hash: string; key_id: string | null }>(
    await tx.execute(
      sql`select chain_seq as seq, hash, key_id from audit_chain_heads where account_id = ${currentTenant}`,
    ),
  );
  return head ? { seq: Number(head.seq), hash: head.hash, keyId: head.key_id } : undefined;
}

/**
 * Checks the current company's chain in chain order: each entry's hash against the HMAC of its
 * prev_hash and content (an edit, or a hash recomputed without the key, shows as changed), its
 * number against the one before (a gap: an entry deleted), its prev_hash against the previous
 * entry's hash, and the last entry against the head (entries deleted from the end). Answers the
 * first break, like before issue 26, now computed where the key is.
 */
export async function verifyChain(tx: Tx, key: AuditKey): Promise<AuditVerify> {
  const head = await readHead(tx);
  if (head?.keyId && head.keyId !== key.id) throw otherKey();
  const [counted] = rowsOf<{ n: string | number }>(
    await tx.execute(sql`select count(*) as n from audit_entries where chain_seq is not null`),
  );
  const entries = Number(counted?.n ?? 0);
  let expected = 1;
  let prev = GENESIS_HASH;
  let last: Row | undefined;
  const broken = (problem: Problem): AuditVerify => ({ ok: false, entries, brokenAt: problem });
  for (;;) {
    const page = rowsOf<Row>(
      await tx.execute(sql`select e.chain_seq as seq, e.id, ${iso('e.created_at')} as at, e.prev_hash, e.hash,
          ${contentSql(sql`e.chain_seq`)} as content
        from audit_entries e where e.chain_seq >= ${expected} order by e.chain_seq limit ${VERIFY_PAGE}`),
    );
    for (const row of page) {
      const seq = Number(row.seq);
      const at = { id: row.id, createUserTime: row.at };
      if (row.hash !== key.link(row.prev_hash ?? '', row.content)) {
        return broken({ chainSeq: seq, ...at, reason: 'changed' });
      }
      if (seq !== expected) return broken({ chainSeq: expected, ...at, reason: 'missing' });
      if (row.prev_hash !== prev) return broken({ chainSeq: seq, ...at, reason: 'changed' });
      prev = row.hash;
      expected = seq + 1;
      last = row;
    }
    if (page.length < VERIFY_PAGE) break;
  }
  const lastSeq = expected - 1;
  if ((head?.seq ?? 0) > lastSeq) {
    return broken({ chainSeq: lastSeq + 1, id: null, createUserTime: null, reason: 'missing' });
  }
  if (last && head?.hash !== last.hash) {
    return broken({ chainSeq: lastSeq, id: last.id, createUserTime: last.at, reason: 'changed' });
  }
  return { ok: true, entries, brokenAt: null };
}

/** The stored hash of the current company's entry with this chain number (GENESIS for 0). */
export async function hashAt(tx: Tx, chainSeq: number): Promise<string | null> {
  if (chainSeq === 0) return GENESIS_HASH;
  const [row] = rowsOf<{ hash: string | null }>(
    await tx.execute(sql`select hash from audit_entries where chain_seq = ${chainSeq}`),
  );
  return row?.hash ?? null;
}
