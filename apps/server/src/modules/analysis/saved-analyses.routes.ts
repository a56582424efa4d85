import {
  type Privilege,
  savedAnalysisCreateSchema,
  savedAnalysisPageQuery,
  savedAnalysisPageSchema,
  savedAnalysisSchema,
  savedAnalysisUpdateSchema,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import type { SavedItemTarget } from '../saved-items/saved-items.queries';
import { savedItemCrud } from '../saved-items/saved-items.routes';
import { savedAnalyses } from './saved-analyses.service';

interface CrudPrivileges {
  read: readonly Privilege[];
  write: readonly Privilege[];
  remove: readonly Privilege[];
}

/**
 * The list, create, update and delete calls of one kind of saved analysis (spec 2 §7): the user's
 * own dashboard analyses under /analysis/custom, the company's chart reports under /analysis/reports.
 */
function savedAnalysisCrud(app: FastifyInstance, target: SavedItemTarget, url: string, privileges: CrudPrivileges) {
  const what =
    target === 'dashboard' ? "the user's own saved analyses (dashboard chart cards)" : "the company's chart reports";
  savedItemCrud(app, {
    target,
    url,
    tag: target === 'dashboard' ? 'Analysis' : 'Reports',
    what,
    auditType: target === 'dashboard' ? 'ANALYZE' : 'REPORT',
    privileges,
    schemas: {
      pageQuery: savedAnalysisPageQuery,
      page: savedAnalysisPageSchema,
      item: savedAnalysisSchema,
      create: savedAnalysisCreateSchema,
      update: savedAnalysisUpdateSchema,
    },
    summaries: {
      create: `Saves an analysis (title required, max 100; criteria, chart type, frequency, incident classes) as one of ${what}`,
      replaces: 'the fields',
    },
    calls: savedAnalyses,
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
