import {
  readerTimezoneOffset,
  searchCountRequestSchema,
  searchCountSchema,
  searchExportRequestSchema,
  searchRequestSchema,
  searchResultsPageSchema,
  searchResultsQuery,
  TIMEZONE_HEADER,
} from '@blotter/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commitNow } from '../../db/client';
import { defineRoute } from '../../plugins/route';
import { loadAllLookups } from '../lookups/lookups.queries';
import { countIncidents, type SearchClock, searchableSql, searchIncidents, searchWhere } from './search.queries';
import { recordSearch } from './search.service';
import { resolveSubtrees } from './search-criteria';
import { streamSearchCsv } from './search-export';
import { matchingNumbers } from './search-export-rows';

/** Either search privilege lets a user search (only their own incidents without ALLINCIDENT_SEARCH). */
export const SEARCH_PRIVILEGES = ['ALLINCIDENT_SEARCH', 'MYINCIDENT_SEARCH'] as const;

/** The reader's clock: the x-timezone-offset header (spec 2 §7). */
export const clockOf = (request: FastifyRequest): SearchClock => ({
  timezoneOffset: readerTimezoneOffset(request.headers[TIMEZONE_HEADER]),
});

export async function searchRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/incidents/search',
    tag: 'Search',
    summary:
      'A page (p from 0, psz rows, default 10) of the Open and Closed incidents meeting the criteria, newest first or in ' +
      '`sort` (by number, reportedDate, occurredDate or status, asc or desc; ties by number, then id): ' +
      'groups joined by AND, the criteria of a group by its logicalOperation (OR by default). Without ALLINCIDENT_SEARCH ' +
      'only incidents the user created; locked ones only with INCIDENT_LOCK. The activeBan criterion (incidents naming a ' +
      'subject with a ban in force today) needs SUBJECT_VIEW as well (else 403). A total above 10,000 is answered as 10,000 ' +
      'with totalCapped. With total=deferred the page comes first: `total` is answered only when reading the page ' +
      'found it out (a few hundred matches or fewer), else null, and POST /incidents/search/count answers it. ' +
      'Writes a SEARCH audit entry with the criteria and auditTitle.',
    privileges: SEARCH_PRIVILEGES,
    body: searchRequestSchema,
    query: searchResultsQuery,
    response: searchResultsPageSchema,
    handler: ({ auth, body, query, tenant, request }) =>
      tenant(async (tx) => {
        // The audit entry is sent without waiting for its answer, and the COMMIT right behind the
        // page's statement (commitNow): they travel with it in one round trip (PostgreSQL's pipeline
        // mode, the embedded database's worker). A failed insert or search aborts the
        // transaction, whose COMMIT then rolls back: nothing is answered unaudited.
        const [, page] = await Promise.all([
          recordSearch(tx, auth, { objectType: 'SEARCH', title: body.auditTitle, criteria: body.criteria }),
          searchIncidents(tx, auth, body.criteria, query, clockOf(request), body.sort, query.total, () =>
            commitNow(tx),
          ),
        ]);
        return page;
      }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/incidents/search/count',
    tag: 'Search',
    summary:
      'How many incidents the criteria find, as POST /incidents/search finds them for the user. Criteria without ' +
      'texts: exact up to 10,000, above that 10,000 with totalCapped. Criteria that search texts (persons, legal ' +
      'entities, vehicles, items, attachments, the address) are counted quickly: exact up to 1,000, above that 1,000 ' +
      'with totalCapped; with exact=true they are counted as the others, exact up to 10,000 (10,000 with totalCapped ' +
      'decided from a sample of the incidents where that is certain enough, else counted). The total of a search page ' +
      'read with total=deferred; the page call wrote the audit entry.',
    privileges: SEARCH_PRIVILEGES,
    body: searchCountRequestSchema,
    response: searchCountSchema,
    handler: ({ auth, body, tenant, request }) =>
      tenant((tx) => countIncidents(tx, auth, body.criteria, clockOf(request), { exact: body.exact })),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/incidents/search/export',
    tag: 'Search',
    summary:
      'Every incident meeting the criteria (as POST /incidents/search finds them, in its `sort`) as a CSV file (text/csv, UTF-8 with BOM, ' +
      'CRLF), streamed, in the given result columns and order with the texts of the results table, dates in the ' +
      'x-timezone-offset of the reader; named after `title`. Writes a SEARCH / EXPORT audit entry.',
    privileges: SEARCH_PRIVILEGES,
    body: searchExportRequestSchema,
    response: null,
    produces: 'text/csv',
    handler: async ({ auth, body, tenant, request, reply }) => {
      const clock = clockOf(request);
      // The matches are listed before the answer starts, so a search the database refuses is a 400,
      // not a file with only its header.
      const { lookups, numbers } = await tenant(async (tx) => {
        await recordSearch(tx, auth, {
          objectType: 'SEARCH',
          transactionType: 'EXPORT',
          title: body.auditTitle,
          criteria: body.criteria,
        });
        const subtrees = await resolveSubtrees(tx, body.criteria);
        return {
          lookups: await loadAllLookups(tx),
          numbers: await matchingNumbers(tx, searchWhere(auth, body.criteria, clock, subtrees), body.sort),
        };
      });
      await streamSearchCsv(reply, {
        title: body.title,
        columns: body.columns,
        numbers,
        visible: searchableSql(auth),
        context: {
          dateFormat: auth.account.dateFormat,
          timezoneOffset: clock.timezoneOffset,
          incidentClasses: lookups.multiple.incidentClass ?? [],
          locations: lookups.multiple.location ?? [],
          severities: lookups.single.severityType ?? [],
          correctiveActionTypes: lookups.single.correctiveActionType ?? [],
        },
        tenant,
      });
      return undefined;
    },
  });
}
