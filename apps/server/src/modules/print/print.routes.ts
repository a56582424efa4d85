import { idParams, readerTimezoneOffset, TIMEZONE_HEADER } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../plugins/content-disposition';
import { defineRoute } from '../../plugins/route';
import { printIncident } from './print.service';

export async function printRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/incidents/:id/print',
    writes: true,
    tag: 'Incidents',
    summary:
      'The incident as a PDF (application/pdf, inline, incident-<number>.pdf): every section of the viewer, ' +
      'private person details masked without PRIVACY_INFO_VIEW; times in the x-timezone-offset of the reader. ' +
      'ALLINCIDENT_PRINT, or MYINCIDENT_PRINT for one’s own; open and closed incidents only. Writes an INCIDENT / PRINT audit entry.',
    privileges: ['ALLINCIDENT_PRINT', 'MYINCIDENT_PRINT'],
    params: idParams,
    response: null,
    produces: 'application/pdf',
    handler: async ({ auth, params, tenant, request, reply }) => {
      const { number, pdf } = await printIncident({ storage: app.storage, tenant }, auth, params.id, {
        timezoneOffset: readerTimezoneOffset(request.headers[TIMEZONE_HEADER]),
      });
      // Awaited until the answer is out, so the route does not answer a second time (204).
      await reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`incident-${number}.pdf`, { type: 'inline', names: 'plain' }))
        .header('cache-control', 'no-store')
        .header('content-length', pdf.length)
        .send(pdf);
      return undefined;
    },
  });
}
