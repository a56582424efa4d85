import { type CloseBlock, type CloseIncidentBody, htmlToText, INCIDENT_STATUS, NO_CLOSE_PERSON } from '@blotter/shared';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { attachments, draftIncidents, incidents, users } from '../../../db/schema/index';
import { sanitizeRichText } from '../../../platform/rich-text';
import type { Principal } from '../../../plugins/auth';
import { badRequest } from '../../../plugins/errors';
import { writeAudit } from '../../audit/audit.service';
import { publishIncidentDeleted } from '../changes/incident-changed';
import { recordIncidentChange } from '../changes/record-incident-change';
import { INCIDENT_REFUSALS, incidentForAction } from '../incident.policy';

/** Refusals of a transition the user may not make or that does not apply to the incident's state (spec 1 §4). */
export const LIFECYCLE_MESSAGES = {
  closeOnlyOpen: INCIDENT_REFUSALS.close.notApplicable,
  closeForbidden: INCIDENT_REFUSALS.close.forbidden,
  reopenOnlyClosed: INCIDENT_REFUSALS.reopen.notApplicable,
  lockOnlyClosed: INCIDENT_REFUSALS.lock.notApplicable,
  alreadyLocked: 'The incident is already locked.',
  notLocked: INCIDENT_REFUSALS.unlock.notApplicable,
} as const;

/** Comments of the close dialog as plain text: any markup goes, entities become characters. */
const plainText = (value: string) => htmlToText(sanitizeRichText(value));

/** The close block: the current user ('By user') or the person the dialog names ('By other'). */
async function closeBlock(tx: Tx, principal: Principal, body: CloseIncidentBody): Promise<CloseBlock> {
  const comments = plainText(body.closeComments);
  const common = { closeComments: comments, closeCommentsText: comments, closeDate: new Date().toISOString() };
  if (body.closedBy === 'OTHER') {
    const { closedBy: _, closeComments: __, ...named } = body;
    return {
      closedBy: 'OTHER',
      closeUserId: null,
      closeUserName: '',
      closeUserFirstName: '',
      closeUserLastName: '',
      ...named,
      ...common,
    };
  }
  const [user] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, principal.userId));
  return {
    closedBy: 'USER',
    closeUserId: principal.userId,
    closeUserName: principal.name || 'Unknown',
    closeUserFirstName: user?.firstName ?? '',
    closeUserLastName: user?.lastName ?? '',
    ...NO_CLOSE_PERSON,
    ...common,
  };
}

/**
 * POST /incidents/close/{id}: ALLINCIDENT_CLOSE, or MYINCIDENT_CLOSE for its creator; only an open
 * incident. The working copies of it stay (issue 27): someone typing in another tab or on another
 * desk keeps what they typed, to read and copy, or to apply after a reopen (recordIncidentChange
 * carries a copy that was current over the close, so the reopened incident takes it without a
 * conflict).
 */
export async function closeIncident(
  tx: Tx,
  principal: Principal,
  incidentId: string,
  body: CloseIncidentBody,
): Promise<void> {
  const incident = await incidentForAction(tx, principal, incidentId, 'close');
  const close = await closeBlock(tx, principal, body);
  await tx
    .update(incidents)
    .set({ status: INCIDENT_STATUS.CLOSED, close, closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(incidents.id, incident.id));
  await recordIncidentChange(tx, principal, incident.id, 'CLOSE');
}

/** POST /incidents/open/{id} (OPEN_CLOSED_INCIDENT): a closed incident is Open again, its close block cleared. */
export async function reopenIncident(tx: Tx, principal: Principal, incidentId: string): Promise<void> {
  const incident = await incidentForAction(tx, principal, incidentId, 'reopen');
  await tx
    .update(incidents)
    .set({ status: INCIDENT_STATUS.OPEN, close: null, closedAt: null, updatedAt: sql`now()` })
    .where(eq(incidents.id, incident.id));
  await recordIncidentChange(tx, principal, incident.id, 'REOPEN');
}

/**
 * POST /incidents/lock/{id} and /unlock/{id} (INCIDENT_LOCK). Only a closed incident is locked
 * (spec 1 §4: Lock is offered for closed incidents); any locked incident can be unlocked, since a
 * locked incident may have been reopened since.
 */
export async function setIncidentLock(tx: Tx, principal: Principal, incidentId: string, lock: boolean): Promise<void> {
  const incident = await incidentForAction(tx, principal, incidentId, lock ? 'lock' : 'unlock');
  if (lock && incident.locked) throw badRequest(LIFECYCLE_MESSAGES.alreadyLocked);
  await tx.update(incidents).set({ locked: lock, updatedAt: sql`now()` }).where(eq(incidents.id, incident.id));
  await recordIncidentChange(tx, principal, incident.id, lock ? 'LOCK' : 'UNLOCK');
}

/**
 * DELETE /incidents/{id} (INCIDENT_DELETE): the incident with its parts, history, open-drafts and
 * attachments (the foreign keys cascade). The audit row keeps the number: audit entries point at
 * objects by text id without a foreign key, so it outlives the incident. Answers the storage keys
 * of the removed files, to remove after the commit.
 */
export async function deleteIncident(tx: Tx, principal: Principal, incidentId: string): Promise<string[]> {
  const incident = await incidentForAction(tx, principal, incidentId, 'delete');
  const drafts = tx
    .select({ id: draftIncidents.id })
    .from(draftIncidents)
    .where(eq(draftIncidents.incidentId, incident.id));
  const files = await tx
    .select({ fileKey: attachments.fileKey, thumbnailKey: attachments.thumbnailKey })
    .from(attachments)
    .where(or(eq(attachments.incidentId, incident.id), inArray(attachments.draftId, drafts)));
  await tx.delete(incidents).where(eq(incidents.id, incident.id));
  await writeAudit(tx, principal, {
    objectType: 'INCIDENT',
    transactionType: 'DELETE',
    objectName: `#${incident.number}`,
    objectId: incident.id,
    objectData: { number: incident.number, status: incident.status, locked: incident.locked },
  });
  await publishIncidentDeleted(tx, { principal, incident: { id: incident.id, number: incident.number } });
  return files.flatMap((file) => (file.thumbnailKey ? [file.fileKey, file.thumbnailKey] : [file.fileKey]));
}
