import type { Page, PageQuery, SearchCriteria } from '@blotter/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import { savedSearches, users } from '../../db/schema/index';
import { fullName, isoSql } from '../incidents/incident-parts.queries';

export type SavedSearchTarget = 'dashboard' | 'report';

/**
 * Which saved searches a call may touch: the company's of one target, and for dashboard searches
 * only the user's own (`userId`). Anything outside it is answered like a missing id.
 */
export interface SavedSearchScope {
  accountId: string;
  target: SavedSearchTarget;
  userId?: string;
}

/** A saved search as stored, before its criteria and columns are parsed with the shared schema. */
export interface StoredSavedSearch {
  id: string;
  name: string;
  description: string;
  criteria: unknown;
  columns: unknown;
  creationDate: string;
  lastUpdateDate: string;
  createUserName: string;
}

export interface SavedSearchValues {
  name: string;
  description: string;
  criteria: SearchCriteria;
  columns: string[];
}

function scopeSql(scope: SavedSearchScope): SQL {
  const own = scope.userId === undefined ? sql`` : sql` and s.user_id = ${scope.userId}`;
  return sql`s.account_id = ${scope.accountId} and s.target = ${scope.target}${own}`;
}

function scopeWhere(scope: SavedSearchScope, id: string) {
  return and(
    eq(savedSearches.id, id),
    eq(savedSearches.accountId, scope.accountId),
    eq(savedSearches.target, scope.target),
    scope.userId === undefined ? undefined : eq(savedSearches.userId, scope.userId),
  );
}

/** StoredSavedSearch of the row aliased `s` as JSON, with its creator joined as `u`. */
const savedSearchJson = sql`json_build_object(
  'id', s.id, 'name', s.name, 'description', s.description, 'criteria', s.criteria, 'columns', s.columns,
  'creationDate', ${isoSql(sql`s.created_at`)}, 'lastUpdateDate', ${isoSql(sql`s.updated_at`)},
  'createUserName', coalesce(${fullName('u')}, 'Unknown'))`;

/** A page of the saved searches in scope, newest first, and their total, in one statement. */
export async function listSavedSearches(
  tx: Executor,
  scope: SavedSearchScope,
  { p, psz }: PageQuery,
): Promise<Page<StoredSavedSearch>> {
  const where = scopeSql(scope);
  const order = sql`s.created_at desc, s.id desc`;
  const row = await jsonValue<{ items: StoredSavedSearch[]; total: number }>(
    tx,
    sql`select json_build_object(
      'items', coalesce((select json_agg(${savedSearchJson} order by ${order})
        from (select * from ${savedSearches} s where ${where} order by ${order} limit ${psz} offset ${p * psz}) s
        left join ${users} u on u.id = s.user_id), '[]'::json),
      'total', (select count(*)::int from ${savedSearches} s where ${where})) as value`,
  );
  return { ...row, page: p, pageSize: psz };
}

/** One saved search in scope, or undefined. */
export async function findSavedSearch(
  tx: Executor,
  scope: SavedSearchScope,
  id: string,
): Promise<StoredSavedSearch | undefined> {
  const value = await jsonValue<StoredSavedSearch | null>(
    tx,
    sql`select (select ${savedSearchJson} from ${savedSearches} s left join ${users} u on u.id = s.user_id
      where s.id = ${id} and ${scopeSql(scope)}) as value`,
  );
  return value ?? undefined;
}

/** Stores a new saved search of the scope's target for the user; answers its id. */
export async function insertSavedSearch(
  tx: Tx,
  scope: SavedSearchScope & { userId: string },
  values: SavedSearchValues,
): Promise<string> {
  const [row] = await tx
    .insert(savedSearches)
    .values({ accountId: scope.accountId, target: scope.target, userId: scope.userId, ...values })
    .returning({ id: savedSearches.id });
  if (!row) throw new Error('Insert returned no row');
  return row.id;
}

/** Replaces the fields of a saved search in scope; false when there is none. The creator stays. */
export async function updateSavedSearch(
  tx: Tx,
  scope: SavedSearchScope,
  id: string,
  values: SavedSearchValues,
): Promise<boolean> {
  const rows = await tx
    .update(savedSearches)
    .set({ ...values, updatedAt: sql`now()` })
    .where(scopeWhere(scope, id))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Deletes a saved search in scope; answers its name, or undefined when there is none. */
export async function deleteSavedSearch(tx: Tx, scope: SavedSearchScope, id: string): Promise<string | undefined> {
  const [row] = await tx.delete(savedSearches).where(scopeWhere(scope, id)).returning({ name: savedSearches.name });
  return row?.name;
}
