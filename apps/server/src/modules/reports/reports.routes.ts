import {
  idParams,
  type Privilege,
  REPORT_UPLOAD_MESSAGES,
  readerTimezoneOffset,
  reportUploadResultSchema,
  reportUploadSchema,
  TIMEZONE_HEADER,
} from '@blotter/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../../plugins/content-disposition';
import { defineRoute } from '../../plugins/route';
import { companyLogoKeyOf, readCompanyLogo } from './account-logo';
import { PrintLimiter } from './report-print-limiter';
import { printReport, removeReport, uploadReport } from './report-uploads.service';

const REPORT_PRINT_PRIVILEGES: readonly Privilege[] = ['REPORT_PRINT', 'REPORT_CREATE'];

/**
 * The largest upload: 5,000 rows (REPORT_UPLOAD_LIMITS) of a dozen formatted columns, non-Latin names included, stay
 * well under it; more is refused with 413 before it is parsed.
 */
export const REPORT_UPLOAD_BODY_LIMIT = 20 * 1024 * 1024;

/** 'Thefts 2026.pdf': the report's name as a file name (characters no file system takes become spaces). */
export function pdfFileName(title: string): string {
  const name = title
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${name || 'Report'}.pdf`;
}

/** Aborted when the client leaves before the whole answer was written (closed tab, cancelled fetch). */
function clientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export async function reportRoutes(app: FastifyInstance) {
  const prints = new PrintLimiter(app.config.reportPrint.concurrency, app.config.reportPrint.queue);

  defineRoute(app, {
    method: 'POST',
    url: '/reports',
    tag: 'Reports',
    summary:
      'Uploads the formatted rows of a search report for printing (spec 2 §4) under a new id the browser made: at most ' +
      '20 columns, 5,000 rows, 2,000 characters a cell, 20 MB (413 beyond). Kept for the uploader until DELETE /reports/{id} ' +
      'or for 60 minutes. The printed time is read in `timezone`, else in the x-timezone-offset of the request. ' +
      "The uploader's own id again is refused with 409, anyone else's with 404. Writes a REPORT / PRINT audit entry named after auditTitle.",
    privileges: REPORT_PRINT_PRIVILEGES,
    body: reportUploadSchema,
    bodyLimit: { bytes: REPORT_UPLOAD_BODY_LIMIT, message: REPORT_UPLOAD_MESSAGES.tooLarge },
    response: reportUploadResultSchema,
    handler: ({ auth, body, tenant, request }) =>
      tenant((tx) => uploadReport(tx, auth, body, readerTimezoneOffset(request.headers[TIMEZONE_HEADER]))),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/reports/:id',
    tag: 'Reports',
    summary:
      "The uploader's own unexpired upload as a PDF (application/pdf, inline, named after the title): the title, the " +
      "company's name and logo, when (the uploader's zone, the company date format) and by whom it was printed, the rows " +
      "under their column headers on every page, 'Page n of m'. 404 for any other id. Written as it is laid out, and " +
      'stopped when the client leaves. A process prints REPORT_PRINT_CONCURRENCY reports at once (2 by default) and ' +
      'queues REPORT_PRINT_QUEUE more (4); beyond, 429.',
    privileges: REPORT_PRINT_PRIVILEGES,
    params: idParams,
    response: null,
    produces: 'application/pdf',
    handler: async ({ auth, params, tenant, reply }) => {
      const gone = clientLeaves(reply);
      const release = await prints.acquire(gone);
      try {
        const { title, render } = await printReport({ storage: app.storage, tenant }, auth, params.id, {
          signal: gone,
        });
        // Sent as it is written (no length known before the end); awaited until the answer is out
        // or the client left, so the route does not answer a second time (204).
        await reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition(pdfFileName(title), { type: 'inline' }))
          .header('cache-control', 'no-store')
          .send(render.pdf);
        // A failed render destroyed the stream with its error, which Fastify logs.
        await render.done.catch(() => false);
      } finally {
        release();
      }
      // The client left mid-answer: there is nobody to answer.
      if (!reply.sent) reply.hijack();
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/reports/:id',
    tag: 'Reports',
    summary: "Removes the uploader's own upload when the viewer closes (404 for any other id).",
    privileges: REPORT_PRINT_PRIVILEGES,
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant((tx) => removeReport(tx, auth, params.id));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/accounts/logo',
    tag: 'Accounts',
    summary:
      "The company's logo image (its own content type), for any signed-in user of the company; 404 when it has none. " +
      'Cached privately for 5 minutes, then revalidated by its ETag.',
    response: null,
    produces: 'image/*',
    handler: async ({ auth, tenant, request, reply }) => {
      const key = await tenant((tx) => companyLogoKeyOf(tx, auth.accountId));
      const logo = await readCompanyLogo(app.storage, key);
      reply
        .header('cache-control', 'private, max-age=300')
        .header('etag', logo.etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (request.headers['if-none-match'] === logo.etag) {
        await reply.status(304).send();
        return undefined;
      }
      await reply.type(logo.contentType).header('content-length', logo.bytes.length).send(logo.bytes);
      return undefined;
    },
  });
}
