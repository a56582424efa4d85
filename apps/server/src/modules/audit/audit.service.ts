import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditEntries } from '../../db/schema/index';

export type AuditObjectType =
  | 'INCIDENT'
  | 'USER'
  | 'USER_GROUP'
  | 'ACCOUNT'
  | 'LOOKUP'
  | 'AUTHENTICATION'
  | 'SEARCH'
  | 'ANALYZE'
  | 'REPORT'
  | 'SUBSCRIPTION'
  | 'PAYMENT_METHOD';

export interface AuditActor {
  accountId: string;
  /** null for the system's own changes (a scheduled job), named by `name`. */
  userId: string | null;
  name: string;
}

export interface AuditRecord {
  objectType: AuditObjectType;
  transactionType: string;
  objectName?: string;
  objectId?: string;
  objectHistoryId?: string;
  objectData?: unknown;
}

/** Writes one audit entry in the caller's transaction, so it stands or falls with the change. */
export async function writeAudit(tx: Tx, actor: AuditActor, record: AuditRecord) {
  await tx.insert(auditEntries).values({
    accountId: actor.accountId,
    objectType: record.objectType,
    transactionType: record.transactionType,
    objectName: record.objectName ?? '',
    objectId: record.objectId ?? null,
    objectHistoryId: record.objectHistoryId ?? null,
    objectData: record.objectData ?? null,
    createUserId: actor.userId,
    createUserName: actor.name,
  });
}

/**
 * Dates entries this transaction wrote to earlier moments: `rows` selects (id, at) pairs. Through
 * blotter_audit_redate, since the application role may not update audit rows: it moves only the
 * company's entries inserted by this very transaction. Answers how many moved.
 */
export async function redateOwnAuditEntries(tx: Tx, rows: SQL): Promise<number> {
  const result = await tx.execute(
    sql`select blotter_audit_redate(coalesce(array_agg(r.id), '{}'), coalesce(array_agg(r.at), '{}')) as n
      from (${rows}) as r(id, at)`,
  );
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}
