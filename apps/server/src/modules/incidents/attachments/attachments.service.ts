import { type AttachmentRef, hasPrivilege } from '@blotter/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { attachments } from '../../../db/schema/index';
import type { DetectedFileType } from '../../../platform/file-type';
import type { Principal } from '../../../plugins/auth';
import { badRequest, forbidden } from '../../../plugins/errors';
import { recordIncidentChange } from '../changes/record-incident-change';
import { type AttachmentRow, editableAttachment, resolveUploadTarget } from './attachments.queries';

export const ATTACHMENT_MESSAGES = {
  deleteForbidden:
    'You do not have permission to delete attachments. Please ask administrator to delete the attachment.',
  unknownAttachment: 'Unknown attachment.',
} as const;

export interface NewAttachment {
  /** The draft or incident id the form sent as incidentId. */
  incidentId: string;
  incidentItemId: string | null;
  incidentVehicleId: string | null;
  name: string;
  comments: string;
  fileKey: string;
  thumbnailKey: string | null;
  fileName: string;
  fileSize: number;
  type: DetectedFileType;
}

/**
 * Records an uploaded file on a working copy (no creation date until the incident is submitted) or
 * directly on an open incident (stored from now on, with a history and an audit entry). The target
 * is checked again in this transaction: the draft may have been deleted while the file was processed.
 */
export async function insertAttachment(tx: Tx, principal: Principal, input: NewAttachment): Promise<AttachmentRow> {
  const target = await resolveUploadTarget(tx, principal, input);
  const [row] = await tx
    .insert(attachments)
    .values({
      accountId: principal.accountId,
      incidentId: target.incidentId,
      draftId: target.draftId,
      incidentItemId: input.incidentItemId,
      incidentVehicleId: input.incidentVehicleId,
      name: input.name,
      comments: input.comments,
      fileKey: input.fileKey,
      thumbnailKey: input.thumbnailKey,
      fileName: input.fileName,
      fileType: input.type.mime,
      fileSize: input.fileSize,
      attachmentType: input.type.attachmentType,
      uploadedBy: principal.userId,
      creationDate: target.incidentId ? sql`now()` : null,
    })
    .returning();
  if (!row) throw new Error('Insert returned no row');
  if (target.incidentId) await recordIncidentChange(tx, principal, target.incidentId, 'ADD_ATTACHMENT');
  return row;
}

/**
 * Renames an attachment or changes its description. One already stored on an incident is a change
 * of the incident: history and audit entry.
 */
export async function editAttachment(
  tx: Tx,
  principal: Principal,
  input: { id: string; name: string; comments: string },
): Promise<AttachmentRow> {
  await editableAttachment(tx, principal, input.id);
  const [row] = await tx
    .update(attachments)
    .set({ name: input.name, comments: input.comments })
    .where(eq(attachments.id, input.id))
    .returning();
  if (!row) throw new Error('Update returned no row');
  if (row.creationDate && row.incidentId) await recordIncidentChange(tx, principal, row.incidentId, 'EDIT_ATTACHMENT');
  return row;
}

/**
 * Deletes an attachment and answers the storage keys to remove once the transaction has committed
 * (removing them earlier would lose the files if the transaction failed). A stored attachment
 * (with a creation date) needs DELETE_ATTACHMENT (spec 1 §6); its deletion is a change of the
 * incident (history and audit entry).
 */
export async function deleteAttachment(tx: Tx, principal: Principal, id: string): Promise<string[]> {
  const row = await editableAttachment(tx, principal, id);
  if (row.creationDate && !hasPrivilege(principal, 'DELETE_ATTACHMENT')) {
    throw forbidden(ATTACHMENT_MESSAGES.deleteForbidden);
  }
  await tx.delete(attachments).where(eq(attachments.id, id));
  if (row.creationDate && row.incidentId) {
    await recordIncidentChange(tx, principal, row.incidentId, 'DELETE_ATTACHMENT');
  }
  return [row.fileKey, row.thumbnailKey].filter((key): key is string => Boolean(key));
}

/**
 * On submit: moves the draft's attachments named in refs to the incident, applies the form's
 * name, description and vehicle or item, and stamps the creation date of those not stored yet.
 * Attachments already on the incident may be named too (editing). Any other id → 400 'Unknown
 * attachment.' (and the caller's transaction rolls back). One statement whatever the count.
 */
export async function linkAttachments(
  tx: Tx,
  _principal: Principal,
  target: { incidentId: string; draftId: string | null },
  refs: AttachmentRef[],
): Promise<void> {
  const unique = [...new Map(refs.map((ref) => [ref.id, ref])).values()];
  if (unique.length === 0) return;
  const values = JSON.stringify(
    unique.map((ref) => ({
      id: ref.id,
      name: ref.name,
      comments: ref.comments,
      incident_item_id: ref.incidentItemId,
      incident_vehicle_id: ref.incidentVehicleId,
    })),
  );
  const ofDraft = target.draftId ? sql`a.draft_id = ${target.draftId}::uuid` : sql`false`;
  const result = await tx.execute(sql`
    update attachments a
       set incident_id = ${target.incidentId}::uuid, draft_id = null, name = r.name, comments = r.comments,
           incident_item_id = r.incident_item_id, incident_vehicle_id = r.incident_vehicle_id,
           creation_date = coalesce(a.creation_date, now())
      from jsonb_to_recordset(${values}::jsonb)
           as r(id uuid, name text, comments text, incident_item_id uuid, incident_vehicle_id uuid)
     where a.id = r.id and (${ofDraft} or a.incident_id = ${target.incidentId}::uuid)
     returning a.id`);
  const linked = (result as unknown as { rows: unknown[] }).rows.length;
  if (linked !== unique.length) throw badRequest(ATTACHMENT_MESSAGES.unknownAttachment);
}
