import type { Ban, BanBody, Page, PageQuery, SubjectParams } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { detectFileType, READABLE_IMAGE_TYPES } from '../../platform/file-type';
import { type FileSigner, newFileKey } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { fileSizeLimits, readUpload, requireFile } from '../files/upload';
import { removeStoredFiles, type UploadDeps } from '../files/upload-deps';
import { queueSubjectBannedEvent } from '../webhooks/webhook-events';
import { type BanTermsRow, banStatusSql, banTerms, banTermsColumns, companyTodaySql } from './subject-sql';
import { subjectOrNotFound } from './subjects.service';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const NOTICE_TYPE_MESSAGE = 'The signed notice must be a PDF or an image.';
export const EXPIRED_MESSAGE = 'An expired ban cannot be changed: record a new one.';

interface BanRow extends BanTermsRow {
  status: Ban['status'];
  issued_by_name: string;
  notice_key: string | null;
  notice_name: string | null;
  created_at: string;
  updated_at: string;
  revoked_at: string | null;
}

const iso = (column: string) => sql.raw(`to_char(b.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The columns of a ban of alias `b` as the answer needs them, its status on the company's today. */
const banColumns = (accountId: string) => sql`${banTermsColumns},
  ${banStatusSql(companyTodaySql(accountId))} as status, b.issued_by_name, b.notice_key, b.notice_name,
  ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at, ${iso('revoked_at')} as revoked_at`;

function toBan(row: BanRow, signer: FileSigner, accountId: string): Ban {
  return {
    id: row.id,
    ...banTerms(row),
    status: row.status,
    issuedByName: row.issued_by_name,
    notice:
      row.notice_key && row.notice_name ? { name: row.notice_name, url: signer.url(row.notice_key, accountId) } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revokedAt: row.revoked_at,
  };
}

/** GET /subjects/:kind/:id/bans: active, upcoming, expired and revoked, newest start first. */
export async function listBans(
  tx: Executor,
  principal: Principal,
  params: SubjectParams,
  page: PageQuery,
  signer: FileSigner,
): Promise<Page<Ban>> {
  await subjectOrNotFound(tx, principal.accountId, params);
  const where = sql`b.account_id = ${principal.accountId} and b.subject_kind = ${params.kind} and b.subject_id = ${params.id}`;
  const rows = rowsOf<BanRow>(
    await tx.execute(sql`select ${banColumns(principal.accountId)} from subject_bans b where ${where}
      order by b.start_date desc, b.created_at desc, b.id limit ${page.psz} offset ${page.p * page.psz}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from subject_bans b where ${where}`),
  );
  return {
    items: rows.map((row) => toBan(row, signer, principal.accountId)),
    total: count?.n ?? 0,
    page: page.p,
    pageSize: page.psz,
  };
}

/** Every location named is one of the company's live location lookups (else 400). */
async function checkLocations(tx: Executor, accountId: string, locationIds: readonly string[]) {
  if (locationIds.length === 0) return;
  const ids = [...new Set(locationIds.map((id) => id.toLowerCase()))];
  const [found] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from lookups
       where id = any(${`{${ids.join(',')}}`}::uuid[]) and account_id = ${accountId} and type = 'location'
         and deleted_at is null`),
  );
  if ((found?.n ?? 0) !== ids.length) throw badRequest('Unknown location.');
}

async function banById(tx: Executor, principal: Principal, id: string, lock = false): Promise<BanRow> {
  const [row] = rowsOf<BanRow>(
    await tx.execute(sql`select ${banColumns(principal.accountId)} from subject_bans b
      where b.id = ${id} and b.account_id = ${principal.accountId}${lock ? sql` for update` : sql``}`),
  );
  if (!row) throw notFound('Ban');
  return row;
}

/** What the audit entry of a ban change keeps: the terms, never a person's private field. */
const auditData = (row: BanRow) => ({
  ...banTerms(row),
  notice: row.notice_name,
  revokedAt: row.revoked_at,
});

async function auditBan(tx: Tx, principal: Principal, row: BanRow, transactionType: string) {
  await writeAudit(tx, principal, {
    objectType: 'SUBJECT',
    transactionType,
    objectName: `${row.ban_type} ${row.start_date}`,
    objectId: row.id,
    objectData: auditData(row),
  });
}

const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** POST /subjects/:kind/:id/bans: records a ban, trespass notice or watch. Audited (SUBJECT BAN_CREATE). */
export async function createBan(
  tx: Tx,
  principal: Principal,
  params: SubjectParams,
  body: BanBody,
  signer: FileSigner,
): Promise<Ban> {
  await subjectOrNotFound(tx, principal.accountId, params);
  await checkLocations(tx, principal.accountId, body.locationIds);
  const [created] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into subject_bans (account_id, subject_kind, subject_id, ban_type, reason, location_ids,
        start_date, end_date, issued_by, issued_by_name)
      values (${principal.accountId}, ${params.kind}, ${params.id}, ${body.banType}, ${body.reason},
        ${uuidArray(body.locationIds)}, ${body.startDate}::date, ${body.endDate}::date, ${principal.userId}, ${principal.name})
      returning id`),
  );
  if (!created) throw new Error('Insert returned no row');
  const row = await banById(tx, principal, created.id);
  await auditBan(tx, principal, row, 'BAN_CREATE');
  await queueSubjectBannedEvent(tx, principal, {
    banId: row.id,
    subjectKind: params.kind,
    subjectId: params.id,
    banType: body.banType,
    startDate: body.startDate,
    endDate: body.endDate ?? null,
  });
  return toBan(row, signer, principal.accountId);
}

/**
 * PUT /subjects/bans/:id: changes the terms of an active or upcoming ban; a revoked or expired one
 * stays in the history as it was (a new ban is recorded instead). A location it covers that was
 * deleted from the tree since may stay; a new one must be live. Audited (SUBJECT BAN_UPDATE).
 */
export async function updateBan(
  tx: Tx,
  principal: Principal,
  id: string,
  body: BanBody,
  signer: FileSigner,
): Promise<Ban> {
  const before = await banById(tx, principal, id, true);
  if (before.revoked_at) throw badRequest('A revoked ban cannot be changed.');
  if (before.status === 'expired') throw badRequest(EXPIRED_MESSAGE);
  // A location the ban covers already stays when it has left the tree since (Edit sends it back).
  const kept = new Set(before.location_ids.map((locationId) => locationId.toLowerCase()));
  await checkLocations(
    tx,
    principal.accountId,
    body.locationIds.filter((locationId) => !kept.has(locationId.toLowerCase())),
  );
  await tx.execute(sql`update subject_bans set ban_type = ${body.banType}, reason = ${body.reason},
      location_ids = ${uuidArray(body.locationIds)}, start_date = ${body.startDate}::date,
      end_date = ${body.endDate}::date, updated_at = now()
    where id = ${id} and account_id = ${principal.accountId}`);
  const row = await banById(tx, principal, id);
  await auditBan(tx, principal, row, 'BAN_UPDATE');
  return toBan(row, signer, principal.accountId);
}

/**
 * DELETE /subjects/bans/:id: revokes the ban. It stays in the subject's history as revoked, with
 * who revoked it when. Audited (SUBJECT BAN_REVOKE).
 */
export async function revokeBan(tx: Tx, principal: Principal, id: string): Promise<void> {
  const before = await banById(tx, principal, id, true);
  if (before.revoked_at) throw badRequest('The ban is revoked already.');
  await tx.execute(
    sql`update subject_bans set revoked_at = now(), revoked_by = ${principal.userId}, updated_at = now() where id = ${id} and account_id = ${principal.accountId}`,
  );
  await auditBan(tx, principal, await banById(tx, principal, id), 'BAN_REVOKE');
}

/**
 * POST /subjects/bans/:id/notice (multipart: file): the signed notice, a PDF or an image within
 * the company's upload limit, stored under a new key; the one it replaces is removed after commit.
 * Audited (SUBJECT BAN_NOTICE).
 */
export async function uploadNotice(deps: UploadDeps, principal: Principal, id: string, request: FastifyRequest) {
  // The ban must be the company's before its file is read.
  await deps.tenant((tx) => banById(tx, principal, id));
  const { upload: mb } = await deps.tenant((tx) => fileSizeLimits(tx, principal.accountId));
  const file = requireFile(await readUpload(request, mb, `The file must be at most ${mb} MB.`));
  const type = await detectFileType(file.data, file.fileName);
  if (!type || !(type.mime === 'application/pdf' || READABLE_IMAGE_TYPES.includes(type.mime))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOTICE_TYPE_MESSAGE);
  }
  const key = newFileKey(principal.accountId, 'notices', type.ext);
  await deps.storage.put(key, file.data);
  let result: { ban: Ban; old: string | null };
  try {
    result = await deps.tenant(async (tx) => {
      const before = await banById(tx, principal, id, true);
      if (before.revoked_at) throw badRequest('A revoked ban cannot be changed.');
      await tx.execute(sql`update subject_bans set notice_key = ${key}, notice_name = ${file.fileName},
          notice_type = ${type.mime}, updated_at = now() where id = ${id} and account_id = ${principal.accountId}`);
      const row = await banById(tx, principal, id);
      await auditBan(tx, principal, row, 'BAN_NOTICE');
      return { ban: toBan(row, deps.signer, principal.accountId), old: before.notice_key };
    });
  } catch (error) {
    await removeStoredFiles(deps, [key]);
    throw error;
  }
  await removeStoredFiles(deps, [result.old]);
  return result.ban;
}
