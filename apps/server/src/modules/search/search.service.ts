import type { SearchCriteria } from '@blotter/shared';
import type { Tx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { writeReadAudit } from '../audit/audit.service';

export interface SearchAuditRecord {
  objectType: 'SEARCH' | 'REPORT';
  /** The search's audit title (or the report's name). */
  title: string;
  criteria: SearchCriteria;
  /** SEARCH for a search or a report run, EXPORT for a CSV export. */
  transactionType?: 'SEARCH' | 'EXPORT';
  /** The saved report run. */
  objectId?: string;
}

/**
 * Every search, report run and export writes an audit entry with its criteria and title, in the
 * transaction that reads the results (the audit log's criteria view reads `objectData`), which
 * commits without waiting for the WAL flush (writeReadAudit).
 */
export async function recordSearch(tx: Tx, principal: Principal, record: SearchAuditRecord): Promise<void> {
  await writeReadAudit(tx, principal, {
    objectType: record.objectType,
    transactionType: record.transactionType ?? 'SEARCH',
    objectName: record.title,
    ...(record.objectId ? { objectId: record.objectId } : {}),
    objectData: { auditTitle: record.title, criteria: record.criteria },
  });
}
