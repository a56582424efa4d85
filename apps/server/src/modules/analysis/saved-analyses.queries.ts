import type { AnalysisCriteriaItem, Page, PageQuery } from '@blotter/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import { savedAnalyses } from '../../db/schema/index';
import { isoSql } from '../incidents/incident-parts.queries';

export type SavedAnalysisTarget = 'dashboard' | 'report';

/**
 * Which saved analyses a call may touch: the company's of one target, and for dashboard analyses
 * only the user's own (`userId`). Anything outside it is answered like a missing id.
 */
export interface SavedAnalysisScope {
  accountId: string;
  target: SavedAnalysisTarget;
  userId?: string;
}

/** A saved analysis as stored, before its criteria are read with the shared schema. */
export interface StoredSavedAnalysis {
  id: string;
  name: string;
  description: string;
  criteria: unknown;
  chartType: string;
  frequency: string;
  incidentClasses: unknown;
  creationDate: string;
}

export interface SavedAnalysisValues {
  name: string;
  description: string;
  criteria: AnalysisCriteriaItem[];
  chartType: string;
  frequency: string;
  incidentClasses: string[];
}

function scopeSql(scope: SavedAnalysisScope): SQL {
  const own = scope.userId === undefined ? sql`` : sql` and a.user_id = ${scope.userId}`;
  return sql`a.account_id = ${scope.accountId} and a.target = ${scope.target}${own}`;
}

function scopeWhere(scope: SavedAnalysisScope, id: string) {
  return and(
    eq(savedAnalyses.id, id),
    eq(savedAnalyses.accountId, scope.accountId),
    eq(savedAnalyses.target, scope.target),
    scope.userId === undefined ? undefined : eq(savedAnalyses.userId, scope.userId),
  );
}

/** StoredSavedAnalysis of the row aliased `a` as JSON. */
const savedAnalysisJson = sql`json_build_object(
  'id', a.id, 'name', a.name, 'description', a.description, 'criteria', a.criteria, 'chartType', a.chart_type,
  'frequency', a.frequency, 'incidentClasses', a.incident_classes, 'creationDate', ${isoSql(sql`a.created_at`)})`;

/** A page of the saved analyses in scope, newest first, and their total, in one statement. */
export async function listSavedAnalyses(
  tx: Executor,
  scope: SavedAnalysisScope,
  { p, psz }: PageQuery,
): Promise<Page<StoredSavedAnalysis>> {
  const where = scopeSql(scope);
  const order = sql`a.created_at desc, a.id desc`;
  const row = await jsonValue<{ items: StoredSavedAnalysis[]; total: number }>(
    tx,
    sql`select json_build_object(
      'items', coalesce((select json_agg(${savedAnalysisJson} order by ${order})
        from (select * from ${savedAnalyses} a where ${where} order by ${order} limit ${psz} offset ${p * psz}) a),
        '[]'::json),
      'total', (select count(*)::int from ${savedAnalyses} a where ${where})) as value`,
  );
  return { ...row, page: p, pageSize: psz };
}

/** One saved analysis in scope, or undefined. */
export async function findSavedAnalysis(
  tx: Executor,
  scope: SavedAnalysisScope,
  id: string,
): Promise<StoredSavedAnalysis | undefined> {
  const value = await jsonValue<StoredSavedAnalysis | null>(
    tx,
    sql`select (select ${savedAnalysisJson} from ${savedAnalyses} a where a.id = ${id} and ${scopeSql(scope)}) as value`,
  );
  return value ?? undefined;
}

/** Stores a new saved analysis of the scope's target for the user; answers its id. */
export async function insertSavedAnalysis(
  tx: Tx,
  scope: SavedAnalysisScope & { userId: string },
  values: SavedAnalysisValues,
): Promise<string> {
  const [row] = await tx
    .insert(savedAnalyses)
    .values({ accountId: scope.accountId, target: scope.target, userId: scope.userId, ...values })
    .returning({ id: savedAnalyses.id });
  if (!row) throw new Error('Insert returned no row');
  return row.id;
}

/** Replaces the fields of a saved analysis in scope; false when there is none. The creator stays. */
export async function updateSavedAnalysis(
  tx: Tx,
  scope: SavedAnalysisScope,
  id: string,
  values: SavedAnalysisValues,
): Promise<boolean> {
  const rows = await tx
    .update(savedAnalyses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(scopeWhere(scope, id))
    .returning({ id: savedAnalyses.id });
  return rows.length > 0;
}

/** Deletes a saved analysis in scope; answers its name, or undefined when there is none. */
export async function deleteSavedAnalysis(tx: Tx, scope: SavedAnalysisScope, id: string): Promise<string | undefined> {
  const [row] = await tx.delete(savedAnalyses).where(scopeWhere(scope, id)).returning({ name: savedAnalyses.name });
  return row?.name;
}
