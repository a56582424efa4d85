import type { IncidentFields, IncidentSnapshotView } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { jsonValue } from '../../../db/json';
import { incidentHistory, incidents, users } from '../../../db/schema/index';
import type { Principal } from '../../../plugins/auth';
import { writeAudit } from '../../audit/audit.service';
import { fullName, incidentFieldsJson, isoSql } from '../incident-parts.queries';
import { publishIncidentChanged } from './incident-changed';
import { bumpIncidentVersion } from './incident-version';

/**
 * The full incident as the viewer shows it; what a history row keeps (spec 1 §3 Incident): the
 * shared snapshot schema's type, with the person cards as stored (their privateHidden is added when
 * a version is answered).
 */
export type IncidentSnapshot = Omit<IncidentSnapshotView, 'persons'> & Pick<IncidentFields, 'persons'>;

/** The changes of an incident that write a history row (deleting writes only an audit row). */
export type IncidentChange =
  | 'CREATE'
  | 'EDIT'
  | 'CLOSE'
  | 'REOPEN'
  | 'LOCK'
  | 'UNLOCK'
  | 'ADD_ATTACHMENT'
  | 'EDIT_ATTACHMENT'
  | 'DELETE_ATTACHMENT';

/** The changes of state, which no working copy's content conflicts with. */
const LIFECYCLE_CHANGES: ReadonlySet<IncidentChange> = new Set(['CLOSE', 'REOPEN', 'LOCK', 'UNLOCK']);

/**
 * The snapshot of the incident row `i` (joined with its creator `c` and assignee `a`, as in
 * loadIncidentSnapshot): what a history row keeps. Also used by the bulk import's set-based writer.
 */
export const incidentSnapshotSql = sql`(${incidentFieldsJson})::jsonb || jsonb_build_object(
        'id', i.id,
        'number', i.number,
        'status', i.status,
        'locked', i.locked,
        'creationDate', ${isoSql(sql`i.created_at`)},
        'lastUpdateDate', ${isoSql(sql`i.updated_at`)},
        'createUserId', i.create_user_id,
        'createUserName', coalesce(${fullName('c')}, 'Unknown'),
        'assignedUserId', i.assigned_user_id,
        'assignedUserName', case when i.assigned_user_id is null then null else coalesce(${fullName('a')}, 'Unknown') end,
        'close', i.close)`;

/** Reads the incident with every part in one query, or undefined when it is not visible. */
export async function loadIncidentSnapshot(tx: Executor, incidentId: string): Promise<IncidentSnapshot | undefined> {
  const value = await jsonValue<IncidentSnapshot | null>(
    tx,
    sql`select (
      select ${incidentSnapshotSql}
      from ${incidents} i
      left join ${users} c on c.id = i.create_user_id
      left join ${users} a on a.id = i.assigned_user_id
      where i.id = ${incidentId}) as value`,
  );
  return value ?? undefined;
}

/**
 * Records a change of an incident in the caller's transaction: its version goes up (working copies
 * of the old one can no longer be saved over it), one history row with the full incident after the
 * change, and one audit row pointing at it; then it publishes "incident changed" in the same
 * transaction, so that the subscribers (notification emails, …) queue their work only if the change
 * commits. Every change of an incident goes through here: nothing else writes its history.
 * `recordedOfflineAt` (a CREATE sent from a phone's outbox) is kept on the history row: the entry
 * then reads as recorded offline at that time and received at the row's time.
 */
export async function recordIncidentChange(
  tx: Tx,
  principal: Principal,
  incidentId: string,
  action: IncidentChange,
  options: { recordedOfflineAt?: string | undefined } = {},
): Promise<IncidentSnapshot> {
  if (action !== 'CREATE') await bumpIncidentVersion(tx, principal, incidentId, LIFECYCLE_CHANGES.has(action));
  const snapshot = await loadIncidentSnapshot(tx, incidentId);
  if (!snapshot) throw new Error(`Incident ${incidentId} vanished inside its own transaction`);
  const [history] = await tx
    .insert(incidentHistory)
    .values({
      accountId: principal.accountId,
      incidentId,
      actionType: action,
      updateUserId: principal.userId,
      updateUserName: principal.name,
      snapshot,
      recordedOfflineAt: action === 'CREATE' && options.recordedOfflineAt ? new Date(options.recordedOfflineAt) : null,
    })
    .returning({ id: incidentHistory.id });
  if (!history) throw new Error('History insert returned no row');
  await writeAudit(tx, principal, {
    objectType: 'INCIDENT',
    transactionType: action,
    objectName: `#${snapshot.number}`,
    objectId: incidentId,
    objectHistoryId: history.id,
  });
  await publishIncidentChanged(tx, { action, principal, incident: snapshot, historyId: history.id });
  return snapshot;
}
