import { idParams, readerTimezoneOffset, TIMEZONE_HEADER } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../plugins/content-disposition';
import { defineRoute } from '../../plugins/route';
import { printBanNotice } from './ban-notice';

/** The printable notice of a ban or trespass notice (issue 31), beside the subjects' routes. */
export async function banNoticeRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/subjects/bans/:id/print',
    writes: true,
    tag: 'Subjects',
    summary:
      "A ban or trespass notice as a PDF to hand to the subject and sign (application/pdf, inline, <type>-notice-<start>.pdf): the company's logo and name, the subject with their photo, the locations by path, the period, reason and terms, who issued it, and signature lines. A person's date of birth and address only with PRIVACY_INFO_VIEW. A watch has no notice (400). Writes a SUBJECT / PRINT audit entry.",
    privileges: ['SUBJECT_VIEW'],
    params: idParams,
    response: null,
    produces: 'application/pdf',
    handler: async ({ auth, params, tenant, request, reply }) => {
      const { fileName, pdf } = await printBanNotice({ storage: app.storage, tenant }, auth, params.id, {
        timezoneOffset: readerTimezoneOffset(request.headers[TIMEZONE_HEADER]),
      });
      // Awaited until the answer is out, so the route does not answer a second time (204).
      await reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(fileName, { type: 'inline', names: 'plain' }))
        .header('cache-control', 'no-store')
        .header('content-length', pdf.length)
        .send(pdf);
      return undefined;
    },
  });
}
