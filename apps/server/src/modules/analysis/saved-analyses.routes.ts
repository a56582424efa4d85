import {
  idParams,
  type Privilege,
  savedAnalysisCreateSchema,
  savedAnalysisPageQuery,
  savedAnalysisPageSchema,
  savedAnalysisSchema,
  savedAnalysisUpdateSchema,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import type { SavedAnalysisTarget } from './saved-analyses.queries';
import { createAnalysis, deleteAnalysis, listAnalyses, updateAnalysis } from './saved-analyses.service';

interface CrudPrivileges {
  read: readonly Privilege[];
  write: readonly Privilege[];
  remove: readonly Privilege[];
}

/**
 * The list, create, update and delete calls of one kind of saved analysis (spec 2 §7): the user's
 * own dashboard analyses under /analysis/custom, the company's chart reports under /analysis/reports.
 */
function savedAnalysisCrud(app: FastifyInstance, target: SavedAnalysisTarget, url: string, privileges: CrudPrivileges) {
  const what =
    target === 'dashboard' ? "the user's own saved analyses (dashboard chart cards)" : "the company's chart reports";
  const auditType = target === 'dashboard' ? 'ANALYZE' : 'REPORT';
  const tag = target === 'dashboard' ? 'Analysis' : 'Reports';

  defineRoute(app, {
    method: 'GET',
    url,
    tag,
    summary: `A page (p from 0, psz rows, default 10) of ${what}, newest first, with the total.`,
    privileges: privileges.read,
    query: savedAnalysisPageQuery,
    response: savedAnalysisPageSchema,
    handler: ({ auth, query, tenant }) => tenant((tx) => listAnalyses(tx, auth, target, query)),
  });

  defineRoute(app, {
    method: 'POST',
    url,
    tag,
    summary: `Saves an analysis (title required, max 100; criteria, chart type, frequency, incident classes) as one of ${what}; writes a ${auditType} CREATE audit entry.`,
    privileges: privileges.write,
    body: savedAnalysisCreateSchema,
    response: savedAnalysisSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => createAnalysis(tx, auth, target, body)),
  });

  defineRoute(app, {
    method: 'PUT',
    url,
    tag,
    summary: `Replaces the fields of one of ${what} (404 for any other id); writes a ${auditType} UPDATE audit entry.`,
    privileges: privileges.write,
    body: savedAnalysisUpdateSchema,
    response: savedAnalysisSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => updateAnalysis(tx, auth, target, body)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${url}/:id`,
    tag,
    summary: `Deletes one of ${what} (404 for any other id); writes a ${auditType} DELETE audit entry.`,
    privileges: privileges.remove,
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant((tx) => deleteAnalysis(tx, auth, target, params.id));
      return undefined;
    },
  });
}

export async function savedAnalysisRoutes(app: FastifyInstance) {
  // A dashboard card is shown with ANALYZE_VIEW and removed from the dashboard with it; saving one
  // is done on the analysis page.
  savedAnalysisCrud(app, 'dashboard', '/analysis/custom', {
    read: ['ANALYZE_VIEW', 'INCIDENT_ANALYSIS'],
    write: ['INCIDENT_ANALYSIS'],
    remove: ['ANALYZE_VIEW', 'INCIDENT_ANALYSIS'],
  });
  savedAnalysisCrud(app, 'report', '/analysis/reports', {
    read: ['REPORT_PRINT', 'REPORT_CREATE'],
    write: ['REPORT_CREATE'],
    remove: ['REPORT_CREATE'],
  });
}
