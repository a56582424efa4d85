import {
  isResultColumnId,
  type Page,
  type PageQuery,
  type SavedSearch,
  type SearchCount,
  type SearchPage,
  type savedSearchCreateSchema,
  savedSearchSchema,
  type savedSearchUpdateSchema,
  searchCriteriaSchema,
} from '@blotter/shared';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { countIncidents, type SearchClock, searchIncidents } from '../search/search.queries';
import { recordSearch } from '../search/search.service';
import {
  deleteSavedSearch,
  findSavedSearch,
  insertSavedSearch,
  listSavedSearches,
  type SavedSearchScope,
  type SavedSearchTarget,
  type StoredSavedSearch,
  updateSavedSearch,
} from './saved-searches.queries';

type SavedSearchCreate = z.output<typeof savedSearchCreateSchema>;
type SavedSearchUpdate = z.output<typeof savedSearchUpdateSchema>;

/** What each target is called in audit entries and in its 404. */
const TARGETS = {
  dashboard: { objectType: 'SEARCH', missing: 'Saved search' },
  report: { objectType: 'REPORT', missing: 'Report' },
} as const;

/** Dashboard searches are the user's own; search reports belong to the whole company. */
function scopeOf(principal: Principal, target: SavedSearchTarget): SavedSearchScope {
  return target === 'dashboard'
    ? { accountId: principal.accountId, target, userId: principal.userId }
    : { accountId: principal.accountId, target };
}

/**
 * The answer of a stored saved search: its criteria and columns go through the shared schema, so
 * the answer (and a run) sees them as the current schema reads them, defaults included.
 */
const answerOf = (stored: StoredSavedSearch): SavedSearch => {
  const parsed = savedSearchSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  // What the current schema no longer reads must not break the whole list: a retired column is
  // left out, and criteria it refuses (a retired time zone, a changed rule) are answered empty, to
  // be edited or deleted. Each on its own, so a retired column does not cost the criteria.
  const criteria = searchCriteriaSchema.safeParse(stored.criteria);
  const columns = Array.isArray(stored.columns) ? stored.columns.filter(isResultColumnId) : [];
  return savedSearchSchema.parse({ ...stored, criteria: criteria.success ? criteria.data : {}, columns });
};

export async function listSaved(
  tx: Executor,
  principal: Principal,
  target: SavedSearchTarget,
  page: PageQuery,
): Promise<Page<SavedSearch>> {
  const stored = await listSavedSearches(tx, scopeOf(principal, target), page);
  return { ...stored, items: stored.items.map(answerOf) };
}

/** A saved search the user may use (their own dashboard search, or a company report); 404 otherwise. */
export async function getSaved(
  tx: Executor,
  principal: Principal,
  target: SavedSearchTarget,
  id: string,
): Promise<SavedSearch> {
  const stored = await findSavedSearch(tx, scopeOf(principal, target), id);
  if (!stored) throw notFound(TARGETS[target].missing);
  return answerOf(stored);
}

const auditSaved = (
  tx: Tx,
  principal: Principal,
  target: SavedSearchTarget,
  transactionType: 'CREATE' | 'UPDATE' | 'DELETE',
  saved: { id: string; name: string; objectData?: unknown },
) =>
  writeAudit(tx, principal, {
    objectType: TARGETS[target].objectType,
    transactionType,
    objectName: saved.name,
    objectId: saved.id,
    objectData: saved.objectData,
  });

const valuesOf = (input: SavedSearchCreate) => ({
  name: input.name,
  description: input.description,
  criteria: input.criteria,
  columns: input.columns,
});

/** Saves a new search to the dashboard (the user's own) or to the company's reports, with its audit entry. */
export async function createSaved(
  tx: Tx,
  principal: Principal,
  target: SavedSearchTarget,
  input: SavedSearchCreate,
): Promise<SavedSearch> {
  const values = valuesOf(input);
  const id = await insertSavedSearch(tx, { ...scopeOf(principal, target), userId: principal.userId }, values);
  await auditSaved(tx, principal, target, 'CREATE', { id, name: values.name, objectData: values });
  return getSaved(tx, principal, target, id);
}

/** Replaces name, description, criteria and columns of a saved search in the user's scope (404 outside it). */
export async function updateSaved(
  tx: Tx,
  principal: Principal,
  target: SavedSearchTarget,
  input: SavedSearchUpdate,
): Promise<SavedSearch> {
  const values = valuesOf(input);
  if (!(await updateSavedSearch(tx, scopeOf(principal, target), input.id, values))) {
    throw notFound(TARGETS[target].missing);
  }
  await auditSaved(tx, principal, target, 'UPDATE', { id: input.id, name: values.name, objectData: values });
  return getSaved(tx, principal, target, input.id);
}

export async function deleteSaved(tx: Tx, principal: Principal, target: SavedSearchTarget, id: string) {
  const name = await deleteSavedSearch(tx, scopeOf(principal, target), id);
  if (name === undefined) throw notFound(TARGETS[target].missing);
  await auditSaved(tx, principal, target, 'DELETE', { id, name });
}

/** The dashboard card's number: how many incidents the user's saved search finds as they may see them. */
export async function countSaved(
  tx: Executor,
  principal: Principal,
  id: string,
  clock: SearchClock,
): Promise<SearchCount> {
  const saved = await getSaved(tx, principal, 'dashboard', id);
  return countIncidents(tx, principal, saved.criteria, clock);
}

/**
 * Runs a search report: a page of what its criteria find as the runner may see them (their own
 * search visibility, not the author's), with a REPORT audit entry named after the report.
 */
export async function runReport(
  tx: Tx,
  principal: Principal,
  id: string,
  page: PageQuery,
  clock: SearchClock,
): Promise<SearchPage> {
  const report = await getSaved(tx, principal, 'report', id);
  await recordSearch(tx, principal, {
    objectType: 'REPORT',
    title: report.name,
    criteria: report.criteria,
    objectId: report.id,
  });
  return searchIncidents(tx, principal, report.criteria, page, clock);
}
