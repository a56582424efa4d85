import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { writeAudit } from './audit.service';
import { contentSql, GENESIS_HASH, rowsOf } from './audit-chain';
import type { AuditKey } from './audit-key';

const PAGE = 1_000;

interface Row {
  id: string;
  seq: string | number;
  prev_hash: string | null;
  hash: string | null;
  content: string;
}

/**
 * Re-keys one company's chain of unkeyed sha256 links (sealed before issue 26) as the owner, under
 * its head's lock: each link is first checked as the sha256 link it was, then replaced by the HMAC
 * link, and a system ACCOUNT AUDIT_CHAIN_KEYED entry records how many entries were re-keyed and
 * whether their unkeyed chain was intact, so the key vouches for them only from that moment.
 */
async function rekeyCompany(tx: Tx, key: AuditKey, accountId: string): Promise<number> {
  const [head] = rowsOf<{ seq: string | number; key_id: string | null }>(
    await tx.execute(
      sql`select chain_seq as seq, key_id from audit_chain_heads where account_id = ${accountId} for update`,
    ),
  );
  if (!head || head.key_id !== null) return 0;
  let expected = 1;
  let oldPrev = GENESIS_HASH;
  let newPrev = GENESIS_HASH;
  let firstBreak: number | null = null;
  for (;;) {
    const page = rowsOf<Row>(
      await tx.execute(sql`select e.id, e.chain_seq as seq, e.prev_hash, e.hash, ${contentSql(sql`e.chain_seq`)} as content
        from audit_entries e where e.account_id = ${accountId} and e.chain_seq >= ${expected}
        order by e.chain_seq limit ${PAGE}`),
    );
    const ids: string[] = [];
    const prevs: string[] = [];
    const hashes: string[] = [];
    for (const row of page) {
      const seq = Number(row.seq);
      const unkeyed = createHash('sha256')
        .update((row.prev_hash ?? '') + row.content, 'utf8')
        .digest('hex');
      if (firstBreak === null && (seq !== expected || row.prev_hash !== oldPrev || row.hash !== unkeyed)) {
        firstBreak = seq;
      }
      oldPrev = row.hash ?? '';
      ids.push(row.id);
      prevs.push(newPrev);
      newPrev = key.link(newPrev, row.content);
      hashes.push(newPrev);
      expected = seq + 1;
    }
    if (ids.length > 0) {
      await tx.execute(sql`update audit_entries a set prev_hash = s.prev, hash = s.hash
        from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${prevs.join(',')}}`}::text[], ${`{${hashes.join(',')}}`}::text[])
          as s(id, prev, hash)
        where a.id = s.id`);
    }
    if (page.length < PAGE) break;
  }
  const entries = expected - 1;
  if (firstBreak === null && Number(head.seq) !== entries) firstBreak = entries + 1;
  await tx.execute(
    sql`update audit_chain_heads set chain_seq = ${entries}, hash = ${newPrev}, key_id = ${key.id}, sealed_at = now()
      where account_id = ${accountId}`,
  );
  await writeAudit(
    tx,
    { accountId, userId: null, name: 'System' },
    {
      objectType: 'ACCOUNT',
      transactionType: 'AUDIT_CHAIN_KEYED',
      objectName: 'Audit log',
      objectData: { entries, unkeyedChainIntact: firstBreak === null, firstBreak },
    },
  );
  return entries;
}

/**
 * Gives every chain still made of unkeyed links (from before issue 26) HMAC links, once, at
 * start. Each company in its own owner transaction; a process that finds the head already keyed
 * (another process did it) leaves it. Answers how many entries were re-keyed.
 */
export async function rekeyLegacyChains(database: Database, key: AuditKey): Promise<number> {
  const companies = await database.system(async (tx) =>
    rowsOf<{ account_id: string }>(
      await tx.execute(sql`select account_id from audit_chain_heads where key_id is null and chain_seq > 0`),
    ).map((row) => row.account_id),
  );
  let total = 0;
  for (const accountId of companies) total += await database.system((tx) => rekeyCompany(tx, key, accountId));
  return total;
}
