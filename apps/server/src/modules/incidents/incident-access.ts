import { hasPrivilege, INCIDENT_MESSAGES, INCIDENT_STATUS } from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { incidents } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { visibleToUser } from './incidents.queries';

/** Edit: ALLINCIDENT_EDIT, or MYINCIDENT_EDIT for the user's own incidents (spec 1 §6). */
export function canEditIncident(principal: Principal, createUserId: string): boolean {
  if (hasPrivilege(principal, 'ALLINCIDENT_EDIT')) return true;
  return hasPrivilege(principal, 'MYINCIDENT_EDIT') && createUserId === principal.userId;
}

export interface EditableIncident {
  id: string;
  number: number;
  createUserId: string;
  lastClassId: string | null;
}

/**
 * The incident the user is about to edit, locked for the rest of the transaction so two saves of
 * the same incident run one after the other. A locked incident is invisible without INCIDENT_LOCK
 * (404, like one that does not exist); a closed one cannot be edited (spec 1 §4).
 */
export async function incidentForEdit(tx: Tx, principal: Principal, incidentId: string): Promise<EditableIncident> {
  const [incident] = await tx
    .select({
      id: incidents.id,
      number: incidents.number,
      status: incidents.status,
      createUserId: incidents.createUserId,
      lastClassId: incidents.lastClassId,
    })
    .from(incidents)
    .where(and(eq(incidents.id, incidentId), visibleToUser(principal)))
    .for('update');
  if (!incident) throw notFound('Incident');
  if (!canEditIncident(principal, incident.createUserId)) throw forbidden();
  if (incident.status === INCIDENT_STATUS.CLOSED) throw badRequest(INCIDENT_MESSAGES.cannotEditClosed);
  return incident;
}
