import { REPORT_UPLOAD_MESSAGES, type ReportUploadResult } from '@blotter/shared';
import type { Tx } from '../../db/client';
import { streamTablePdf, type TableRender, type TableRenderOptions } from '../../platform/pdf-table';
import type { StorageAdapter } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { AppError, notFound } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { printableLogo } from '../print/print-images';
import { companyLogoKey } from './account-logo';
import { readerOffset, reportPrintDocument } from './report-print-document';
import {
  deleteReportUpload,
  findUploadForPrint,
  insertReportUpload,
  ownsReportUpload,
  type ReportData,
  type UploadOwner,
} from './report-uploads.queries';

const ownerOf = (principal: Principal): UploadOwner => ({ accountId: principal.accountId, userId: principal.userId });

export interface ReportUploadInput {
  id: string;
  title: string;
  auditTitle: string;
  timezone?: string | undefined;
  data: ReportData;
}

/**
 * Keeps the formatted rows of a search report for its uploader to print (spec 2 §4), with a REPORT
 * / PRINT audit entry under the audit title in the same transaction. An id already taken, by this
 * user or anyone, is refused with 409 and the same words either way, so it tells nothing of the
 * other upload.
 */
export async function uploadReport(
  tx: Tx,
  principal: Principal,
  input: ReportUploadInput,
  timezoneOffset: number,
): Promise<ReportUploadResult> {
  const expiresAt = await insertReportUpload(tx, ownerOf(principal), {
    id: input.id,
    title: input.title,
    timezone: input.timezone ?? null,
    timezoneOffset,
    data: input.data,
  });
  if (!expiresAt) {
    // The uploader's own id again is a conflict; anyone else's is answered as reading it would be,
    // so a probe learns nothing of other people's prints.
    if (await ownsReportUpload(tx, ownerOf(principal), input.id)) {
      throw new AppError('CONFLICT', REPORT_UPLOAD_MESSAGES.idInUse);
    }
    throw notFound('Report');
  }
  await writeAudit(tx, principal, {
    objectType: 'REPORT',
    transactionType: 'PRINT',
    objectName: input.auditTitle,
    objectId: input.id,
    objectData: { title: input.title, columns: input.data.columns, rows: input.data.rows.length },
  });
  return { id: input.id, expiresAt };
}

export interface PrintDeps {
  storage: StorageAdapter;
  /** Runs fn for the user's company (a read: without a transaction). */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/**
 * The uploader's own unexpired upload as a PDF, written as it is laid out (streamTablePdf: pipe
 * `render.pdf` to the answer; it stops when `options.signal` aborts); 404 for anything else
 * (another user's, another company's, expired, deleted or never uploaded). Reads only: the upload
 * was audited.
 */
export async function printReport(
  deps: PrintDeps,
  principal: Principal,
  id: string,
  options: TableRenderOptions = {},
  now = new Date(),
): Promise<{ title: string; render: TableRender }> {
  const upload = await deps.tenant((tx) => findUploadForPrint(tx, ownerOf(principal), id));
  if (!upload) throw notFound('Report');
  const logo = await printableLogo(deps.storage, companyLogoKey(principal.accountId, upload.logoImage));
  const document = reportPrintDocument({
    title: upload.title,
    data: upload.data,
    companyName: principal.account.companyName,
    logo,
    dateFormat: principal.account.dateFormat,
    timezoneOffset: readerOffset(upload, now),
    printedBy: principal.name,
    printedAt: now,
  });
  return { title: upload.title, render: streamTablePdf(document, options) };
}

/** Removes the uploader's own upload (the viewer closed); 404 when they have none of that id. */
export async function removeReport(tx: Tx, principal: Principal, id: string) {
  if (!(await deleteReportUpload(tx, ownerOf(principal), id))) throw notFound('Report');
}
