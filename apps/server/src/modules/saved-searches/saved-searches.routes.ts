import {
  idParams,
  type Privilege,
  savedSearchCreateSchema,
  savedSearchPageSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
  searchPageQuery,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import type { SavedSearchTarget } from './saved-searches.queries';
import { createSaved, deleteSaved, listSaved, updateSaved } from './saved-searches.service';

const SEARCH: readonly Privilege[] = ['ALLINCIDENT_SEARCH', 'MYINCIDENT_SEARCH'];
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
  savedSearchCrud(app, 'dashboard', '/incidents/search/custom', 'Search', { read: SEARCH, write: SEARCH });
  savedSearchCrud(app, 'report', '/reports/custom', 'Reports', { read: REPORT_READ, write: REPORT_WRITE });
}
