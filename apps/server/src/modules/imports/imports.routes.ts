import {
  IMPORT_LIMITS,
  idParams,
  importDetailSchema,
  importFieldSchema,
  importMappingSchema,
  importPreviewSchema,
  importRowsPageSchema,
  importRowsQuery,
  importsPageSchema,
  type Privilege,
  pageQuery,
  readerTimezoneOffset,
  TIMEZONE_HEADER,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../plugins/content-disposition';
import { defineRoute } from '../../plugins/route';
import { IMPORT_FIELDS } from './import-fields';
import { importReportCsv } from './import-report';
import { importOr404, listImports, pageRowOutcomes, toDetail } from './imports.queries';
import { previewImport, saveMapping, startRun, startValidation, uploadImport } from './imports.service';

const IMPORT: readonly Privilege[] = ['INCIDENT_IMPORT'];
const TAG = 'Imports';

/** Bulk import of a company's incident history (issue 32 §1). */
export async function importRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/imports/fields',
    tag: TAG,
    summary:
      'The fields a column can fill, for incidents, persons, vehicles and items, with the header words that guess them. ' +
      "An incidents sheet can also carry one person per row (keys 'person.…').",
    privileges: IMPORT,
    response: z.array(importFieldSchema),
    handler: async () => [...IMPORT_FIELDS],
  });

  defineRoute(app, {
    method: 'GET',
    url: '/imports',
    tag: TAG,
    summary: "The company's imports, newest first (paged).",
    privileges: IMPORT,
    query: pageQuery,
    response: importsPageSchema,
    handler: ({ query, tenant }) => tenant((tx) => listImports(tx, query.p, query.psz)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/imports',
    tag: TAG,
    summary:
      `Uploads a file to import (multipart 'file': CSV or Excel .xlsx, judged by its bytes; at most ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB ` +
      `and ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows). Answers its sheets with their headers and row counts, and the first mapping: ` +
      "the company's last one where headers match, the rest guessed from the headers. Dates without a zone are read in the company's time zone (its setting), each with its own daylight-saving offset.",
    privileges: IMPORT,
    multipart: true,
    response: importDetailSchema,
    handler: ({ auth, request, tenant }) =>
      uploadImport(
        { storage: app.storage, tenant },
        auth,
        request,
        readerTimezoneOffset(request.headers[TIMEZONE_HEADER]),
      ),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/imports/:id',
    tag: TAG,
    summary:
      'An import: its status, sheets, mapping, progress while a job runs, and counts after a dry run or the import.',
    privileges: IMPORT,
    params: idParams,
    response: importDetailSchema,
    handler: async ({ params, tenant }) => toDetail(await tenant((tx) => importOr404(tx, params.id))),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/imports/:id/mapping',
    tag: TAG,
    summary:
      "Saves the mapping (each sheet's entity and columns, and what lookup values become); also kept as the company's " +
      "mapping for its next import. A dry run already made is undone (status 'uploaded').",
    privileges: IMPORT,
    params: idParams,
    body: importMappingSchema,
    response: importDetailSchema,
    handler: ({ auth, params, body, tenant }) => tenant((tx) => saveMapping(tx, auth, params.id, body)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/imports/:id/preview',
    tag: TAG,
    summary:
      `The first ${IMPORT_LIMITS.previewRows} incident rows as they will be stored (dates in the company's format, lookup paths) with ` +
      "the reasons each would be refused, and every distinct lookup value with its match and target. Persons' private " +
      'fields read Hidden without PRIVACY_INFO_VIEW.',
    privileges: IMPORT,
    params: idParams,
    response: importPreviewSchema,
    handler: ({ auth, params, tenant }) => previewImport({ storage: app.storage, tenant }, auth, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/imports/:id/validate',
    tag: TAG,
    summary:
      "Starts the dry run (202, status 'validating'): every row is checked with the incident form's rules in the " +
      'background and each refused row recorded with its reason; nothing is stored. Progress is in GET /imports/{id}.',
    privileges: IMPORT,
    params: idParams,
    response: importDetailSchema,
    handler: async ({ auth, params, tenant, reply }) => {
      const detail = await tenant((tx) => startValidation(tx, auth, params.id));
      reply.status(202);
      return detail;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/imports/:id/run',
    tag: TAG,
    summary:
      "Starts the import (202, status 'importing') after a dry run of the current mapping (else 400 'Run a dry run first.'): " +
      "lookup items chosen as 'create' are added, then the incidents stored in batches; a source reference imported " +
      'before is skipped. Imported incidents send no notification emails.',
    privileges: IMPORT,
    params: idParams,
    response: importDetailSchema,
    handler: async ({ auth, params, tenant, reply }) => {
      const detail = await tenant((tx) => startRun(tx, auth, params.id));
      reply.status(202);
      return detail;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/imports/:id/rows',
    tag: TAG,
    summary:
      "The rows of the last dry run (refused ones) or import (refused, created, skipped), paged; 'outcome' filters.",
    privileges: IMPORT,
    params: idParams,
    query: importRowsQuery.extend(pageQuery.shape),
    response: importRowsPageSchema,
    handler: ({ params, query, tenant }) =>
      tenant(async (tx) => {
        await importOr404(tx, params.id);
        return pageRowOutcomes(tx, params.id, query.outcome, query.p, query.psz);
      }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/imports/:id/report.csv',
    tag: TAG,
    summary: "Every row's outcome and reason as CSV (cells that start like a formula are made text).",
    privileges: IMPORT,
    params: idParams,
    response: null,
    produces: 'text/csv',
    handler: async ({ params, tenant, reply }) => {
      const { fileName, csv } = await tenant((tx) => importReportCsv(tx, params.id));
      await reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName, { type: 'attachment' }))
        .header('cache-control', 'no-store')
        .send(csv);
      return undefined;
    },
  });
}
