import {
  analysisQuerySchema,
  analysisRequestSchema,
  analysisResultSchema,
  type Privilege,
  readerTimezoneOffset,
  TIMEZONE_HEADER,
} from '@blotter/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentDisposition } from '../../plugins/content-disposition';
import { defineRoute } from '../../plugins/route';
import { type AnalysisClock, runAnalysis } from './analysis.service';
import { analysisWorkbook, XLSX_TYPE, xlsxFileName } from './analysis-excel';
import { savedAnalysisRoutes } from './saved-analyses.routes';

/**
 * Who may run an analysis: the analysis page, and the dashboard cards and chart reports, which
 * compute their chart when shown.
 */
export const ANALYSIS_RUN_PRIVILEGES: readonly Privilege[] = [
  'INCIDENT_ANALYSIS',
  'ANALYZE_VIEW',
  'REPORT_PRINT',
  'REPORT_CREATE',
];

/**
 * The request's clock: x-timezone-offset, and whether each criteria item carried its own
 * timezoneOffset (the parsed body cannot tell: the schema defaults it to 0).
 */
function clockOf(request: FastifyRequest): AnalysisClock {
  const raw = (request.body as { criteria?: unknown } | undefined)?.criteria;
  const items = Array.isArray(raw) ? raw : [];
  return {
    headerOffset: readerTimezoneOffset(request.headers[TIMEZONE_HEADER]),
    offsetSent: (index) => typeof (items[index] as { timezoneOffset?: unknown } | null)?.timezoneOffset === 'number',
  };
}

export async function analysisRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/analysis',
    tag: 'Analysis',
    summary:
      'Runs an analysis: per criteria item (one per period, all of one frequency), the Open and Closed incidents the user ' +
      'may find (as POST /incidents/search finds them) that occurred in the period and meet its class and location ' +
      "filters (descendants included, OR), counted per day, weekday, month, year or hour in the item's zone (timezone, " +
      'else timezoneOffset, else x-timezone-offset) or per class (top level, or the sub-classes of the last of ' +
      'selectedClasses); every bucket present, zero counts included; or, with repeatSubjects (SUBJECT_VIEW, else 403), ' +
      'the persons, legal entities and vehicles named on 2 or more of those incidents, the most first (at most 20; ' +
      'subjectTotal: how many there are in all). ' +
      'With type=excel the answer is an .xlsx workbook ' +
      '(one sheet per period, a totals row) named after the title. Writes an ANALYZE audit entry with the criteria.',
    privileges: ANALYSIS_RUN_PRIVILEGES,
    body: analysisRequestSchema,
    query: analysisQuerySchema,
    response: analysisResultSchema,
    handler: async ({ auth, body, query, tenant, request, reply }) => {
      const excel = query.type === 'excel';
      const result = await tenant((tx) =>
        runAnalysis(
          tx,
          auth,
          body,
          { title: query.auditTitle, transactionType: excel ? 'EXPORT' : 'ANALYZE' },
          clockOf(request),
        ),
      );
      if (!excel) return result;
      const file = await analysisWorkbook(result);
      await reply
        .type(XLSX_TYPE)
        .header('content-disposition', contentDisposition(xlsxFileName(result.name), { type: 'attachment' }))
        .header('cache-control', 'no-store')
        .send(file);
      return result;
    },
  });

  await savedAnalysisRoutes(app);
}
