import {
  type Draft,
  type DraftCounts,
  type DraftListQuery,
  type DraftRow,
  INCIDENT_STATUS,
  type Page,
} from '@blotter/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { jsonValue } from '../../../db/json';
import { attachments, draftIncidents, incidentHistory, incidents, users } from '../../../db/schema/index';
import type { Principal } from '../../../plugins/auth';
import { visibleIncidentsSql } from '../incident.policy';
import { isoSql } from '../incident-parts.queries';

/** A draft as stored; the answer adds signed picture URLs. */
export type StoredDraft = Omit<Draft, 'pictureUrls'>;

/**
 * The user's own drafts (drafts are visible only to their creator), optionally of one status, of
 * which a working copy is listed only while its incident is one the user may still see (the
 * policy's visibleIncidentsSql; GET /draftIncidents/:id answers 404 for the others).
 */
function listedDraftsSql(principal: Principal, status?: number): SQL {
  return sql`d.account_id = ${principal.accountId} and d.user_id = ${principal.userId}
    ${status === undefined ? sql`` : sql`and d.status = ${status}`}
    and (d.incident_id is null or exists (select 1 from ${incidents} i
      where i.id = d.incident_id and ${visibleIncidentsSql(principal)}))`;
}

/**
 * A page of the listed drafts (listedDraftsSql), the newest change first, and their total, in one
 * statement. Only the columns of the list are read, never the drafts' data.
 */
export async function listDrafts(tx: Executor, principal: Principal, query: DraftListQuery): Promise<Page<DraftRow>> {
  const where = listedDraftsSql(principal, query.status);
  const row = await jsonValue<{ items: DraftRow[]; total: number }>(
    tx,
    sql`select json_build_object(
      'items', coalesce((select json_agg(json_build_object(
          'id', d.id, 'creationDate', ${isoSql(sql`d.created_at`)}, 'lastUpdateDate', ${isoSql(sql`d.updated_at`)},
          'lastClassId', d.last_class_id, 'number', d.number, 'status', d.status) order by d.updated_at desc, d.id desc)
        from (select id, created_at, updated_at, last_class_id, number, status from ${draftIncidents} d
          where ${where} order by d.updated_at desc, d.id desc
          limit ${query.psz} offset ${query.p * query.psz}) d), '[]'::json),
      'total', (select count(*)::int from ${draftIncidents} d where ${where})) as value`,
  );
  return { ...row, page: query.p, pageSize: query.psz };
}

/** The dashboard card's numbers: the listed drafts (listedDraftsSql) new (0) and being edited (3). */
export async function countDrafts(tx: Executor, principal: Principal): Promise<DraftCounts> {
  return jsonValue<DraftCounts>(
    tx,
    sql`select json_build_object(
      'draft', count(*) filter (where d.status = ${INCIDENT_STATUS.DRAFT}),
      'editing', count(*) filter (where d.status = ${INCIDENT_STATUS.EDITING})) as value
      from ${draftIncidents} d where ${listedDraftsSql(principal)}`,
  );
}

/**
 * One of the user's own drafts with its data, or undefined (another user's draft is answered like
 * one that does not exist). "Entered by" is the incident's creator for an open-draft, else the user.
 */
export async function getDraft(tx: Tx, userId: string, draftId: string): Promise<StoredDraft | undefined> {
  const value = await jsonValue<StoredDraft | null>(
    tx,
    sql`select (
      select json_build_object(
        'id', d.id, 'status', d.status, 'incidentId', d.incident_id, 'number', d.number,
        'creationDate', ${isoSql(sql`d.created_at`)}, 'lastUpdateDate', ${isoSql(sql`d.updated_at`)},
        'createUserName', coalesce(
          nullif(trim(case when d.incident_id is null then u.first_name || ' ' || u.last_name
            else c.first_name || ' ' || c.last_name end), ''),
          'Unknown'),
        'data', d.data,
        'stored', true, 'baseVersion', d.base_version,
        'changedSince', case when i.version > d.base_version then json_build_object('version', i.version,
          'userName', coalesce(nullif(trim(h.update_user_name), ''), 'Unknown'),
          'date', ${isoSql(sql`h.created_at`)}) end)
      from ${draftIncidents} d
      join ${users} u on u.id = d.user_id
      left join ${incidents} i on i.id = d.incident_id
      left join ${users} c on c.id = i.create_user_id
      left join lateral (select update_user_name, created_at from ${incidentHistory}
        where incident_id = i.id order by created_at desc limit 1) h on true
      where d.id = ${draftId} and d.user_id = ${userId}) as value`,
  );
  return value ?? undefined;
}

/** The user's own draft of the given status (and incident, for an open-draft), or undefined. */
export async function findOwnDraft(
  tx: Tx,
  userId: string,
  where: { id?: string; status: number; incidentId?: string },
): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: draftIncidents.id })
    .from(draftIncidents)
    .where(
      and(
        eq(draftIncidents.userId, userId),
        eq(draftIncidents.status, where.status),
        where.id ? eq(draftIncidents.id, where.id) : undefined,
        where.incidentId ? eq(draftIncidents.incidentId, where.incidentId) : undefined,
      ),
    )
    .orderBy(desc(draftIncidents.updatedAt))
    .limit(1);
  return row;
}

/**
 * Deletes a draft; its uploaded attachments go with it (the foreign key cascades). Answers the
 * storage keys of those files, read before the delete, so the caller removes them once the
 * transaction has committed (a rollback must not lose files that are still referenced).
 */
export async function deleteDraftRow(tx: Tx, draftId: string): Promise<string[]> {
  const files = await tx
    .select({ fileKey: attachments.fileKey, thumbnailKey: attachments.thumbnailKey })
    .from(attachments)
    .where(eq(attachments.draftId, draftId));
  await tx.delete(draftIncidents).where(eq(draftIncidents.id, draftId));
  return files.flatMap((file) => (file.thumbnailKey ? [file.fileKey, file.thumbnailKey] : [file.fileKey]));
}
