import {
  ATTACHMENT_TYPES,
  type Attachment,
  type AttachmentType,
  hasPrivilege,
  INCIDENT_STATUS,
  type IncidentRuleTarget,
} from '@blotter/shared';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import { attachments, draftIncidents, incidents } from '../../db/schema/index';
import type { FileSigner } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { isoSql } from '../incidents/incident-parts.queries';
import { incidentRuleJson, visibleOrNotFound } from '../incidents/incident-visibility';

export type AttachmentRow = typeof attachments.$inferSelect;

/** What toAttachment reads: a row, or the JSON of attachmentJson (dates as ISO text). */
export type StoredAttachment = Omit<AttachmentRow, 'accountId' | 'uploadedBy' | 'uploadedAt' | 'creationDate'> & {
  creationDate: Date | string | null;
};

/**
 * The attachment aliased `a` as JSON with the keys of StoredAttachment, for queries that answer a
 * whole list (or the files of every vehicle and item) as one value.
 */
export const attachmentJson = sql`json_build_object(
  'id', a.id, 'incidentId', a.incident_id, 'draftId', a.draft_id,
  'incidentItemId', a.incident_item_id, 'incidentVehicleId', a.incident_vehicle_id,
  'name', a.name, 'comments', a.comments, 'fileKey', a.file_key, 'thumbnailKey', a.thumbnail_key,
  'fileName', a.file_name, 'fileType', a.file_type, 'fileSize', a.file_size,
  'attachmentType', a.attachment_type, 'creationDate', ${isoSql(sql`a.creation_date`)})`;

/** Where an upload goes: a working copy of the user (draft or open-draft) or a saved open incident. */
export type AttachmentTarget = { draftId: string; incidentId: null } | { draftId: null; incidentId: string };

/** Locked incidents exist only for holders of INCIDENT_LOCK (spec 1 §4). */
const canSee = (principal: Principal, locked: boolean) => !locked || hasPrivilege(principal, 'INCIDENT_LOCK');

/** ALLINCIDENT_EDIT, or MYINCIDENT_EDIT for the incidents the user entered (spec 1 §6 Edit). */
export function canEditIncident(
  principal: Principal,
  incident: { status: number; locked: boolean; createUserId: string },
): boolean {
  if (incident.status !== INCIDENT_STATUS.OPEN || !canSee(principal, incident.locked)) return false;
  if (hasPrivilege(principal, 'ALLINCIDENT_EDIT')) return true;
  return hasPrivilege(principal, 'MYINCIDENT_EDIT') && incident.createUserId === principal.userId;
}

async function ownDraft(tx: Tx, principal: Principal, id: string) {
  const [draft] = await tx
    .select({ id: draftIncidents.id, incidentId: draftIncidents.incidentId })
    .from(draftIncidents)
    .where(
      and(
        eq(draftIncidents.id, id),
        eq(draftIncidents.userId, principal.userId),
        inArray(draftIncidents.status, [INCIDENT_STATUS.DRAFT, INCIDENT_STATUS.EDITING]),
      ),
    )
    .limit(1);
  return draft;
}

async function incidentOf(tx: Tx, id: string) {
  const [incident] = await tx
    .select({
      id: incidents.id,
      number: incidents.number,
      status: incidents.status,
      locked: incidents.locked,
      createUserId: incidents.createUserId,
    })
    .from(incidents)
    .where(eq(incidents.id, id))
    .limit(1);
  return incident;
}

/**
 * The draft or incident an attachment may be added to or changed in: the user's own working copy,
 * or an open incident the user may edit. Anything else is answered like a missing id (404).
 */
export async function resolveTarget(tx: Tx, principal: Principal, id: string): Promise<AttachmentTarget> {
  if (await ownDraft(tx, principal, id)) return { draftId: id, incidentId: null };
  const incident = await incidentOf(tx, id);
  if (incident && canEditIncident(principal, incident)) return { draftId: null, incidentId: id };
  throw notFound('Incident');
}

/** An attachment the user may change or delete: of their own draft, or of an incident they may edit. */
export async function editableAttachment(tx: Tx, principal: Principal, id: string) {
  const [row] = await tx.select().from(attachments).where(eq(attachments.id, id)).limit(1);
  if (row?.draftId && (await ownDraft(tx, principal, row.draftId))) return row;
  const incident = row?.incidentId ? await incidentOf(tx, row.incidentId) : undefined;
  if (row && incident && canEditIncident(principal, incident)) return row;
  throw notFound('Attachment');
}

/** The attachment as the API answers it, with fresh short-lived signed URLs. */
export function toAttachment(row: StoredAttachment, signer: FileSigner, accountId: string): Attachment {
  const name = new URLSearchParams({ name: row.fileName });
  return {
    id: row.id,
    incidentId: row.incidentId,
    draftId: row.draftId,
    incidentItemId: row.incidentItemId,
    incidentVehicleId: row.incidentVehicleId,
    name: row.name,
    comments: row.comments,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: row.fileSize,
    attachmentType: (ATTACHMENT_TYPES as readonly string[]).includes(row.attachmentType)
      ? (row.attachmentType as AttachmentType)
      : 'ETC',
    // The name only labels a download; the signature covers the key, the company and the expiry.
    sasKey: `${signer.url(row.fileKey, accountId)}&${name}`,
    thumbnailSasKey: row.thumbnailKey ? signer.url(row.thumbnailKey, accountId) : null,
    creationDate: row.creationDate instanceof Date ? row.creationDate.toISOString() : row.creationDate,
  };
}

async function listWhere(tx: Tx, where: SQL | undefined) {
  return tx.select().from(attachments).where(where).orderBy(asc(attachments.uploadedAt), asc(attachments.id));
}

/**
 * The attachments of the user's own working copy in upload order; for an open-draft also those
 * already saved on its incident, since the form shows them all.
 */
export async function listDraftAttachments(tx: Tx, principal: Principal, draftId: string) {
  const draft = await ownDraft(tx, principal, draftId);
  if (!draft) throw notFound('Draft');
  const ofIncident = draft.incidentId ? eq(attachments.incidentId, draft.incidentId) : undefined;
  return listWhere(tx, or(eq(attachments.draftId, draftId), ofIncident));
}

/**
 * The attachments of an incident the user may see (canViewIncident: locked ones need INCIDENT_LOCK)
 * in upload order, read with the incident's rule fields as one JSON value (the viewer's hot path).
 */
export async function listIncidentAttachments(
  tx: Tx,
  principal: Principal,
  incidentId: string,
): Promise<StoredAttachment[]> {
  const value = await jsonValue<{ incident: IncidentRuleTarget; attachments: StoredAttachment[] } | null>(
    tx,
    sql`select (
      select json_build_object(
        'incident', ${incidentRuleJson},
        'attachments', coalesce((
          select json_agg(${attachmentJson} order by a.uploaded_at, a.id)
          from ${attachments} a where a.incident_id = i.id), '[]'::json))
      from ${incidents} i where i.id = ${incidentId}) as value`,
  );
  visibleOrNotFound(principal, value?.incident);
  return value?.attachments ?? [];
}
