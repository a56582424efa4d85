import {
  idParams,
  type Privilege,
  savedSearchCreateSchema,
  savedSearchPageSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
  searchCountSchema,
  searchPageQuery,
  searchPageSchema,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import type { SavedItemTarget } from '../saved-items/saved-items.queries';
import { savedItemCrud } from '../saved-items/saved-items.routes';
import { clockOf, SEARCH_PRIVILEGES } from '../search/search.routes';
import { countSaved, runReport, savedSearches } from './saved-searches.service';

const REPORT_READ: readonly Privilege[] = ['REPORT_PRINT', 'REPORT_CREATE'];
const REPORT_WRITE: readonly Privilege[] = ['REPORT_CREATE'];

/**
 * The list, create, update and delete calls of one kind of saved search (spec 2 §7): the user's
 * own dashboard searches under /incidents/search/custom, the company's search reports under
 * /reports/custom.
 */
function savedSearchCrud(
  app: FastifyInstance,
  target: SavedItemTarget,
  url: string,
  tag: string,
  privileges: { read: readonly Privilege[]; write: readonly Privilege[] },
) {
  const what =
    target === 'dashboard' ? "the user's own saved searches (dashboard cards)" : "the company's search reports";
  savedItemCrud(app, {
    target,
    url,
    tag,
    what,
    auditType: target === 'dashboard' ? 'SEARCH' : 'REPORT',
    privileges: { ...privileges, remove: privileges.write },
    schemas: {
      pageQuery: searchPageQuery,
      page: savedSearchPageSchema,
      item: savedSearchSchema,
      create: savedSearchCreateSchema,
      update: savedSearchUpdateSchema,
    },
    summaries: {
      create: `Saves search criteria, result columns and sort as one of ${what} (name required, max 100; description max 500)`,
      replaces: 'name, description, criteria, columns and sort',
    },
    calls: savedSearches,
  });
}

export async function savedSearchRoutes(app: FastifyInstance) {
  savedSearchCrud(app, 'dashboard', '/incidents/search/custom', 'Search', {
    read: SEARCH_PRIVILEGES,
    write: SEARCH_PRIVILEGES,
  });
  savedSearchCrud(app, 'report', '/reports/custom', 'Reports', { read: REPORT_READ, write: REPORT_WRITE });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/search/custom/:id/count',
    tag: 'Search',
    summary:
      "The dashboard card's number of one of the user's saved searches: how many incidents its criteria find, " +
      'as POST /incidents/search finds them for the user, counted as POST /incidents/search/count counts by default: ' +
      'a total above 10,000 is answered as 10,000 with totalCapped, and for criteria that search texts a total above ' +
      '1,000 as 1,000 with totalCapped.',
    privileges: SEARCH_PRIVILEGES,
    params: idParams,
    response: searchCountSchema,
    handler: ({ auth, params, tenant, request }) => tenant((tx) => countSaved(tx, auth, params.id, clockOf(request))),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/reports/custom/:id',
    tag: 'Reports',
    summary:
      'Runs a search report of the company: a page (p from 0, psz rows, default 10) of the incidents its criteria find, ' +
      'newest first, as POST /incidents/search finds them for the user running it (their search visibility). ' +
      'Writes a REPORT audit entry named after the report, with its criteria.',
    privileges: REPORT_READ,
    params: idParams,
    query: searchPageQuery,
    response: searchPageSchema,
    writes: true,
    handler: ({ auth, params, query, tenant, request }) =>
      tenant((tx) => runReport(tx, auth, params.id, query, clockOf(request))),
  });
}
