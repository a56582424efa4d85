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
import { clockOf, SEARCH_PRIVILEGES } from '../search/search.routes';
import type { SavedSearchTarget } from './saved-searches.queries';
import { countSaved, createSaved, deleteSaved, listSaved, runReport, updateSaved } from './saved-searches.service';

const REPORT_READ: readonly Privilege[] = ['REPORT_PRINT', 'REPORT_CREATE'];
const REPORT_WRITE: readonly Privilege[] = ['REPORT_CREATE'];

/**
 * The list, create, update and delete calls of one kind of saved search (spec 2 §7): the user's
 * own dashboard searches under /incidents/search/custom, the company's search reports under
 * /reports/custom.
 */
function savedSearchCrud(
  app: FastifyInstance,
  target: SavedSearchTarget,
  url: string,
  tag: string,
  privileges: { read: readonly Privilege[]; write: readonly Privilege[] },
) {
  const what =
    target === 'dashboard' ? "the user's own saved searches (dashboard cards)" : "the company's search reports";
  const auditType = target === 'dashboard' ? 'SEARCH' : 'REPORT';

  defineRoute(app, {
    method: 'GET',
    url,
    tag,
    summary: `A page (p from 0, psz rows, default 10) of ${what}, newest first, with the total.`,
    privileges: privileges.read,
    query: searchPageQuery,
    response: savedSearchPageSchema,
    handler: ({ auth, query, tenant }) => tenant((tx) => listSaved(tx, auth, target, query)),
  });

  defineRoute(app, {
    method: 'POST',
    url,
    tag,
    summary: `Saves search criteria and result columns as one of ${what} (name required, max 100; description max 500); writes a ${auditType} CREATE audit entry.`,
    privileges: privileges.write,
    body: savedSearchCreateSchema,
    response: savedSearchSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => createSaved(tx, auth, target, body)),
  });

  defineRoute(app, {
    method: 'PUT',
    url,
    tag,
    summary: `Replaces name, description, criteria and columns of one of ${what} (404 for any other id); writes a ${auditType} UPDATE audit entry.`,
    privileges: privileges.write,
    body: savedSearchUpdateSchema,
    response: savedSearchSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => updateSaved(tx, auth, target, body)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${url}/:id`,
    tag,
    summary: `Deletes one of ${what} (404 for any other id); writes a ${auditType} DELETE audit entry.`,
    privileges: privileges.write,
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant((tx) => deleteSaved(tx, auth, target, params.id));
      return undefined;
    },
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
      'as POST /incidents/search finds them for the user (a total above 10,000 is answered as 10,000 with totalCapped).',
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
