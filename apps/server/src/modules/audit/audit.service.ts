import { type SQL, sql } from 'drizzle-orm';
import { commitWithoutFlush, type Tx } from '../../db/client';
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
  | 'PAYMENT_METHOD'
  | 'SUBJECT'
  | 'API_TOKEN';

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
/**
 * Writes the audit entry of a read (a search, report run, export, print, analysis, an incident
 * opened) in the caller's transaction, which must change nothing else: the transaction then commits
 * without waiting for the database's WAL flush (PostgreSQL's asynchronous commit, for this
 * transaction only). The entry stays atomic with the read and ordered with every other change; a
 * crash of the database server in the moment after the answer (at most three wal_writer_delay,
 * 0.6 s by default) may lose the last reads' entries, never a change of data, and never leaves a
 * half-written one. Waiting for the flush cost a search page 1-8 ms on this machine's disk, more
 * than the page's statement (issue 29 §2).
 */
export async function writeReadAudit(tx: Tx, actor: AuditActor, record: AuditRecord) {
  await Promise.all([commitWithoutFlush(tx), writeAudit(tx, actor, record)]);
}

export async function redateOwnAuditEntries(tx: Tx, rows: SQL): Promise<number> {
  const result = await tx.execute(
    sql`select blotter_audit_redate(coalesce(array_agg(r.id), '{}'), coalesce(array_agg(r.at), '{}')) as n
      from (${rows}) as r(id, at)`,
  );
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}
