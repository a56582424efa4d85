import {
  DEFAULT_SEARCH_SORT,
  isResultColumnId,
  type PageQuery,
  type SavedSearch,
  type SearchCount,
  type SearchPage,
  type savedSearchCreateSchema,
  savedSearchSchema,
  searchCriteriaSchema,
  searchSortSchema,
} from '@blotter/shared';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { savedItemService } from '../saved-items/saved-items.service';
import { countIncidents, type SearchClock, searchIncidents } from '../search/search.queries';
import { recordSearch } from '../search/search.service';
import { type StoredSavedSearch, savedSearchStore } from './saved-searches.queries';

type SavedSearchCreate = z.output<typeof savedSearchCreateSchema>;

/**
 * The answer of a stored saved search: its criteria and columns go through the shared schema, so
 * the answer (and a run) sees them as the current schema reads them, defaults included.
 */
const answerOf = (stored: StoredSavedSearch): SavedSearch => {
  const parsed = savedSearchSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  // What the current schema no longer reads must not break the whole list: a retired column is
  // left out, and criteria it refuses (a retired time zone, a changed rule) are answered empty, to
  // be edited or deleted; a sort by a retired column is newest first. Each on its own, so a retired
  // column does not cost the criteria.
  const criteria = searchCriteriaSchema.safeParse(stored.criteria);
  const columns = Array.isArray(stored.columns) ? stored.columns.filter(isResultColumnId) : [];
  const sort = searchSortSchema.safeParse(stored.sort);
  return savedSearchSchema.parse({
    ...stored,
    criteria: criteria.success ? criteria.data : {},
    columns,
    sort: sort.success ? sort.data : DEFAULT_SEARCH_SORT,
  });
};

/**
 * The user's own dashboard searches (target 'dashboard') and the company's search reports
 * (target 'report'): list, get, create, update and delete, with SEARCH or REPORT audit entries.
 */
export const savedSearches = savedItemService({
  store: savedSearchStore,
  dashboard: { objectType: 'SEARCH', missing: 'Saved search' },
  answerOf,
  valuesOf: (input: SavedSearchCreate) => ({
    name: input.name,
    description: input.description,
    criteria: input.criteria,
    columns: input.columns,
    sort: input.sort,
  }),
});

/** The dashboard card's number: how many incidents the user's saved search finds as they may see them. */
export async function countSaved(
  tx: Executor,
  principal: Principal,
  id: string,
  clock: SearchClock,
): Promise<SearchCount> {
  const saved = await savedSearches.get(tx, principal, 'dashboard', id);
  return countIncidents(tx, principal, saved.criteria, clock);
}

/**
 * Runs a search report: a page of what its criteria find as the runner may see them (their own
 * search visibility, not the author's), in its saved order, with a REPORT audit entry named after
 * the report.
 */
export async function runReport(
  tx: Tx,
  principal: Principal,
  id: string,
  page: PageQuery,
  clock: SearchClock,
): Promise<SearchPage> {
  const report = await savedSearches.get(tx, principal, 'report', id);
  await recordSearch(tx, principal, {
    objectType: 'REPORT',
    title: report.name,
    criteria: report.criteria,
    objectId: report.id,
  });
  return searchIncidents(tx, principal, report.criteria, page, clock, report.sort);
}
