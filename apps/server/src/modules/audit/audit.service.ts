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
