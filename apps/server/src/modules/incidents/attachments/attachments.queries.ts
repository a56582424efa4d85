import {
  ATTACHMENT_TYPES,
  type Attachment,
  type AttachmentType,
  INCIDENT_STATUS,
  type IncidentRuleTarget,
} from '@blotter/shared';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { jsonValue } from '../../../db/json';
import { attachments, draftIncidents, incidentItems, incidents, incidentVehicles } from '../../../db/schema/index';
import type { FileSigner } from '../../../platform/storage';
import type { Principal } from '../../../plugins/auth';
import { badRequest, notFound } from '../../../plugins/errors';
import {
  authorizeIncident,
  incidentRuleJson,
  incidentRules,
  visibleOrNotFound,
  visibleWorkingCopy,
} from '../incident.policy';
import { isoSql } from '../incident-parts.queries';

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

/**
 * The draft or incident an attachment may be added to or changed in: the user's own working copy,
 * or an open incident the user may edit (incident.policy: one they may not see is 404 like a
 * missing id, one they may see but not edit 403, a closed one 400).
 */
export async function resolveTarget(tx: Tx, principal: Principal, id: string): Promise<AttachmentTarget> {
  const draft = await ownDraft(tx, principal, id);
  if (draft) {
    await visibleWorkingCopy(tx, principal, draft, 'Incident');
    return { draftId: draft.id, incidentId: null };
  }
  authorizeIncident(principal, await incidentRules(tx, id), 'edit');
  return { draftId: null, incidentId: id };
}

/** Refusals of a vehicle or item id that is not a card of the upload's draft or incident. */
export const ATTACHMENT_CARD_MESSAGES = {
  item: 'The item of this attachment is not on this incident.',
  vehicle: 'The vehicle of this attachment is not on this incident.',
} as const;

/** Whether the card `id` is in the part `part` of the target: the draft's data or the incident's table. */
function cardOfTarget(target: AttachmentTarget, part: 'items' | 'vehicles', id: string | null) {
  if (!id) return sql`true`;
  if (target.draftId) {
    return sql`exists (select 1 from ${draftIncidents} d,
      jsonb_array_elements(case when jsonb_typeof(d.data->${part}) = 'array' then d.data->${part} else '[]' end) c
      where d.id = ${target.draftId} and lower(c->>'id') = lower(${id}))`;
  }
  const table = part === 'items' ? incidentItems : incidentVehicles;
  return sql`exists (select 1 from ${table} p where p.incident_id = ${target.incidentId} and p.id = ${id}::uuid)`;
}

/**
 * The target of an upload (resolveTarget), with the vehicle or item it is tied to checked as
 * strictly as the target: a card of that draft (its data) or incident, or 400. One query for both.
 */
export async function resolveUploadTarget(
  tx: Tx,
  principal: Principal,
  input: { incidentId: string; incidentItemId: string | null; incidentVehicleId: string | null },
): Promise<AttachmentTarget> {
  const target = await resolveTarget(tx, principal, input.incidentId);
  if (!input.incidentItemId && !input.incidentVehicleId) return target;
  const found = await jsonValue<{ item: boolean; vehicle: boolean }>(
    tx,
    sql`select json_build_object(
      'item', ${cardOfTarget(target, 'items', input.incidentItemId)},
      'vehicle', ${cardOfTarget(target, 'vehicles', input.incidentVehicleId)}) as value`,
  );
  if (!found.item) throw badRequest(ATTACHMENT_CARD_MESSAGES.item);
  if (!found.vehicle) throw badRequest(ATTACHMENT_CARD_MESSAGES.vehicle);
  return target;
}

/** An attachment the user may change or delete: of their own draft, or of an incident they may edit. */
export async function editableAttachment(tx: Tx, principal: Principal, id: string) {
  const [row] = await tx.select().from(attachments).where(eq(attachments.id, id)).limit(1);
  const draft = row?.draftId ? await ownDraft(tx, principal, row.draftId) : undefined;
  if (row && draft) {
    await visibleWorkingCopy(tx, principal, draft, 'Attachment');
    return row;
  }
  if (!row?.incidentId) throw notFound('Attachment');
  authorizeIncident(principal, await incidentRules(tx, row.incidentId), 'edit', 'Attachment');
  return row;
}

/** An attachment the user uploaded (a retried upload's answer, read again); else 404. */
export async function uploadedAttachment(tx: Tx, principal: Principal, id: string): Promise<AttachmentRow> {
  const [row] = await tx
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id), eq(attachments.uploadedBy, principal.userId)))
    .limit(1);
  if (!row) throw notFound('Attachment');
  return row;
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
  await visibleWorkingCopy(tx, principal, draft);
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
