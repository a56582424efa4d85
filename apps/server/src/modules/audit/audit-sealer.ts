import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { createIntervalLoop } from '../../platform/interval-loop';
import { SEAL_BATCH, sealBatch } from './audit-chain';
import type { AuditKey } from './audit-key';

/** Entries are chained within this long of being committed (GET /audits/verify seals first anyway). */
export const AUDIT_SEAL_INTERVAL_MS = 5_000;

export interface AuditSealer {
  /** Seals every company's committed unsealed entries now; answers how many. */
  sealAll(keepGoing?: () => boolean): Promise<number>;
  start(intervalMs?: number): void;
  /** Stops sealing; a run under way finishes its batch first. */
  stop(): Promise<void>;
}

/**
 * Chains the audit entries of every company on a timer (audit-chain.ts). The companies with work
 * are found as the owner (the one cross-tenant read: the partial index of unsealed entries); each
 * is then sealed in its own tenant transactions, one batch each, skipping a company another
 * process is sealing, so any number of server processes may run it side by side.
 */
export function createAuditSealer(
  database: Database,
  key: AuditKey,
  log: (error: unknown, message: string) => void,
): AuditSealer {
  const sealAll = async (keepGoing: () => boolean = () => true) => {
    const companies = await database.system(async (tx) => {
      const result = await tx.execute(sql`select distinct account_id from audit_entries where chain_seq is null`);
      return (result as unknown as { rows: { account_id: string }[] }).rows.map((row) => row.account_id);
    });
    let total = 0;
    for (const accountId of companies) {
      for (;;) {
        if (!keepGoing()) return total;
        const sealed = await database.tenant(accountId, (tx) => sealBatch(tx, key, { wait: false }));
        total += sealed;
        if (sealed < SEAL_BATCH) break;
      }
    }
    return total;
  };
  const loop = createIntervalLoop(sealAll, log, 'sealing the audit log failed');
  return {
    sealAll,
    start: (intervalMs = AUDIT_SEAL_INTERVAL_MS) => loop.start(intervalMs),
    stop: () => loop.stop(),
  };
}
