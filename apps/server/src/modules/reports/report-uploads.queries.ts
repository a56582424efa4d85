import { REPORT_UPLOAD_TTL_MINUTES } from '@blotter/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import { accounts, reportUploads } from '../../db/schema/index';
import { isoSql } from '../incidents/incident-parts.queries';

/** The rows of a printed report as uploaded: the column headers and the formatted cells. */
export interface ReportData {
  columns: string[];
  rows: string[][];
}

/** Whose upload a call may touch: the uploader's own, in their company. */
export interface UploadOwner {
  accountId: string;
  userId: string;
}

export interface NewReportUpload {
  id: string;
  title: string;
  timezone: string | null;
  timezoneOffset: number;
  data: ReportData;
}

/**
 * Stores an upload that expires REPORT_UPLOAD_TTL_MINUTES from now; answers when, or undefined
 * when the id is taken. The id is the table's key across companies, so a taken id is found
 * whoever holds it, and `on conflict do nothing` keeps the transaction usable for the answer
 * without reading the other row (`ownsReportUpload` then says whether it is the uploader's).
 */
export async function insertReportUpload(
  tx: Tx,
  owner: UploadOwner,
  upload: NewReportUpload,
): Promise<string | undefined> {
  const [row] = await tx
    .insert(reportUploads)
    .values({
      ...upload,
      accountId: owner.accountId,
      userId: owner.userId,
      expiresAt: sql`now() + make_interval(mins => ${REPORT_UPLOAD_TTL_MINUTES})`,
    })
    .onConflictDoNothing({ target: reportUploads.id })
    .returning({ expiresAt: isoSql(sql`${reportUploads.expiresAt}`).mapWith(String) });
  return row?.expiresAt;
}

/** Whether the uploader holds an upload of this id (expired or not). */
export async function ownsReportUpload(tx: Tx, owner: UploadOwner, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: reportUploads.id })
    .from(reportUploads)
    .where(
      and(
        eq(reportUploads.id, id),
        eq(reportUploads.accountId, owner.accountId),
        eq(reportUploads.userId, owner.userId),
      ),
    );
  return rows.length > 0;
}

/** What a print of an upload reads: the upload and the company's logo key, in one statement. */
export interface UploadForPrint {
  title: string;
  timezone: string | null;
  timezoneOffset: number;
  data: ReportData;
  logoImage: string | null;
}

/** The uploader's own upload while it has not expired, or undefined. */
export async function findUploadForPrint(
  tx: Executor,
  owner: UploadOwner,
  id: string,
): Promise<UploadForPrint | undefined> {
  const value = await jsonValue<UploadForPrint | null>(
    tx,
    sql`select (select json_build_object(
        'title', r.title, 'timezone', r.timezone, 'timezoneOffset', r.timezone_offset, 'data', r.data,
        'logoImage', (select a.logo_image from ${accounts} a where a.id = r.account_id))
      from ${reportUploads} r
      where r.id = ${id} and r.account_id = ${owner.accountId} and r.user_id = ${owner.userId}
        and r.expires_at > now()) as value`,
  );
  return value ?? undefined;
}

/** Deletes the uploader's own upload (expired or not); false when they have none of that id. */
export async function deleteReportUpload(tx: Tx, owner: UploadOwner, id: string): Promise<boolean> {
  const rows = await tx
    .delete(reportUploads)
    .where(
      and(
        eq(reportUploads.id, id),
        eq(reportUploads.accountId, owner.accountId),
        eq(reportUploads.userId, owner.userId),
      ),
    )
    .returning({ id: reportUploads.id });
  return rows.length > 0;
}

/** Deletes every company's expired uploads (system work, run as the owner); answers how many. */
export async function deleteExpiredReportUploads(tx: Tx): Promise<number> {
  const rows = await tx
    .delete(reportUploads)
    .where(lte(reportUploads.expiresAt, sql`now()`))
    .returning({ id: reportUploads.id });
  return rows.length;
}
