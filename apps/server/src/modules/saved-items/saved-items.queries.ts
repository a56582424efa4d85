import type { Page, PageQuery } from '@blotter/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import type { savedAnalyses, savedSearches } from '../../db/schema/index';
import { users } from '../../db/schema/index';

export type SavedItemTarget = 'dashboard' | 'report';

/**
 * Which saved items a call may touch: the company's of one target, and for dashboard items only
 * the user's own (`userId`). Anything outside it is answered like a missing id.
 */
export interface SavedItemScope {
  accountId: string;
  target: SavedItemTarget;
  userId?: string;
}

/** The tables of saved items: each has the same scope columns (account, target, user) and name. */
export type SavedItemTable = typeof savedSearches | typeof savedAnalyses;

/** The fields of a saved item that a create or an update sets (all but its id, scope and times). */
export type SavedItemValues<T extends SavedItemTable> = Omit<
  T['$inferInsert'],
  'id' | 'accountId' | 'target' | 'userId' | 'createdAt' | 'updatedAt'
> & { name: string };

/** Where one kind of saved item is stored, and how a stored row is read back. */
export interface SavedItemStore<T extends SavedItemTable> {
  table: T;
  /** The stored item of the row aliased `s` as JSON (its creator joined as `u` when `creator`). */
  json: SQL;
  /** Joins the creator (users) as `u` for `json`. */
  creator: boolean;
}

function scopeSql(scope: SavedItemScope): SQL {
  const own = scope.userId === undefined ? sql`` : sql` and s.user_id = ${scope.userId}`;
  return sql`s.account_id = ${scope.accountId} and s.target = ${scope.target}${own}`;
}

function scopeWhere(table: SavedItemTable, scope: SavedItemScope, id: string) {
  return and(
    eq(table.id, id),
    eq(table.accountId, scope.accountId),
    eq(table.target, scope.target),
    scope.userId === undefined ? undefined : eq(table.userId, scope.userId),
  );
}

const creatorJoin = (store: SavedItemStore<SavedItemTable>) =>
  store.creator ? sql` left join ${users} u on u.id = s.user_id` : sql``;

/** A page of the saved items in scope, newest first, and their total, in one statement. */
export async function listSavedItems<Stored>(
  tx: Executor,
  store: SavedItemStore<SavedItemTable>,
  scope: SavedItemScope,
  { p, psz }: PageQuery,
): Promise<Page<Stored>> {
  const where = scopeSql(scope);
  const order = sql`s.created_at desc, s.id desc`;
  const row = await jsonValue<{ items: Stored[]; total: number }>(
    tx,
    sql`select json_build_object(
      'items', coalesce((select json_agg(${store.json} order by ${order})
        from (select * from ${store.table} s where ${where} order by ${order} limit ${psz} offset ${p * psz}) s${creatorJoin(store)}),
        '[]'::json),
      'total', (select count(*)::int from ${store.table} s where ${where})) as value`,
  );
  return { ...row, page: p, pageSize: psz };
}

/** One saved item in scope, or undefined. */
export async function findSavedItem<Stored>(
  tx: Executor,
  store: SavedItemStore<SavedItemTable>,
  scope: SavedItemScope,
  id: string,
): Promise<Stored | undefined> {
  const value = await jsonValue<Stored | null>(
    tx,
    sql`select (select ${store.json} from ${store.table} s${creatorJoin(store)}
      where s.id = ${id} and ${scopeSql(scope)}) as value`,
  );
  return value ?? undefined;
}

/** Stores a new saved item of the scope's target for the user; answers its id. */
export async function insertSavedItem<T extends SavedItemTable>(
  tx: Tx,
  store: SavedItemStore<T>,
  scope: SavedItemScope & { userId: string },
  values: SavedItemValues<T>,
): Promise<string> {
  const table: SavedItemTable = store.table;
  const [row] = await tx
    .insert(table)
    .values({ accountId: scope.accountId, target: scope.target, userId: scope.userId, ...values } as T['$inferInsert'])
    .returning({ id: table.id });
  if (!row) throw new Error('Insert returned no row');
  return row.id;
}

/** Replaces the fields of a saved item in scope; false when there is none. The creator stays. */
export async function updateSavedItem<T extends SavedItemTable>(
  tx: Tx,
  store: SavedItemStore<T>,
  scope: SavedItemScope,
  id: string,
  values: SavedItemValues<T>,
): Promise<boolean> {
  const table: SavedItemTable = store.table;
  const rows = await tx
    .update(table)
    .set({ ...values, updatedAt: sql`now()` })
    .where(scopeWhere(table, scope, id))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** Deletes a saved item in scope; answers its name, or undefined when there is none. */
export async function deleteSavedItem(
  tx: Tx,
  store: SavedItemStore<SavedItemTable>,
  scope: SavedItemScope,
  id: string,
): Promise<string | undefined> {
  const table: SavedItemTable = store.table;
  const [row] = await tx
    .delete(table)
    .where(scopeWhere(table, scope, id))
    .returning({ name: table.name });
  return row?.name;
}
