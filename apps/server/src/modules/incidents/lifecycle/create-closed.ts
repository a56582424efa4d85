import { type CloseIncidentBody, hasAnyPrivilege, type IncidentFields } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { incidentHistory } from '../../../db/schema/index';
import type { Principal } from '../../../plugins/auth';
import { forbidden } from '../../../plugins/errors';
import { redateOwnAuditEntries } from '../../audit/audit.service';
import { createIncident } from '../incidents.service';
import { closeIncident } from './lifecycle.service';

export const CREATE_CLOSED_MESSAGES = {
  closeForbidden: 'You do not have permission to close incidents.',
} as const;

/**
 * Both history rows of one transaction would carry the same now(), and history lists and compares
 * by time: the CREATE row and its audit entry are dated a millisecond earlier, so CREATE always
 * comes before CLOSE (and the CLOSE entry compares with the created version).
 */
async function createdJustBefore(tx: Tx, incidentId: string) {
  const earlier = sql`created_at - interval '1 millisecond'`;
  await tx
    .update(incidentHistory)
    .set({ createdAt: earlier })
    .where(and(eq(incidentHistory.incidentId, incidentId), eq(incidentHistory.actionType, 'CREATE')));
  await redateOwnAuditEntries(
    tx,
    sql`select id, ${earlier} from audit_entries
      where object_type = 'INCIDENT' and object_id = ${incidentId} and transaction_type = 'CREATE'`,
  );
}

/**
 * POST /incidents, with or without the Close dialog's answer (spec 1 §2: Save and Close incident on
 * the new-incident form). With `close` the incident is created (history CREATE) and closed (history
 * CLOSE) in the caller's one transaction, so a refused close leaves no incident behind. The creator
 * is the user, so MYINCIDENT_CLOSE is enough; the close itself checks as POST /incidents/close does.
 */
export async function createIncidentMaybeClosed(
  tx: Tx,
  principal: Principal,
  input: IncidentFields & {
    draftId: string | null;
    close?: CloseIncidentBody | undefined;
    recordedOfflineAt?: string | undefined;
  },
) {
  const { close, ...incident } = input;
  if (close && !hasAnyPrivilege(principal, ['ALLINCIDENT_CLOSE', 'MYINCIDENT_CLOSE'])) {
    throw forbidden(CREATE_CLOSED_MESSAGES.closeForbidden);
  }
  const created = await createIncident(tx, principal, incident);
  if (!close) return created;
  await createdJustBefore(tx, created.id);
  await closeIncident(tx, principal, created.id, close);
  return created;
}
