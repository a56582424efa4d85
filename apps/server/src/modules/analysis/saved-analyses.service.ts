import {
  ANALYSIS_CHART_TYPES,
  ANALYSIS_FREQUENCIES,
  analysisCriteriaItemSchema,
  id as idSchema,
  type Page,
  type PageQuery,
  type SavedAnalysis,
  type savedAnalysisCreateSchema,
  savedAnalysisSchema,
  type savedAnalysisUpdateSchema,
} from '@blotter/shared';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import {
  deleteSavedAnalysis,
  findSavedAnalysis,
  insertSavedAnalysis,
  listSavedAnalyses,
  type SavedAnalysisScope,
  type SavedAnalysisTarget,
  type SavedAnalysisValues,
  type StoredSavedAnalysis,
  updateSavedAnalysis,
} from './saved-analyses.queries';

type SavedAnalysisCreate = z.output<typeof savedAnalysisCreateSchema>;
type SavedAnalysisUpdate = z.output<typeof savedAnalysisUpdateSchema>;

/** What each target is called in audit entries and in its 404. */
const TARGETS = {
  dashboard: { objectType: 'ANALYZE', missing: 'Saved analysis' },
  report: { objectType: 'REPORT', missing: 'Report' },
} as const;

/** Dashboard analyses are the user's own; chart reports belong to the whole company. */
function scopeOf(principal: Principal, target: SavedAnalysisTarget): SavedAnalysisScope {
  return target === 'dashboard'
    ? { accountId: principal.accountId, target, userId: principal.userId }
    : { accountId: principal.accountId, target };
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * The answer of a stored analysis: its criteria go through the shared schema, so the answer (and a
 * run) sees them as the current schema reads them, defaults included. What the schema no longer
 * reads must not break the whole list: a criteria item it refuses (a retired time zone, a changed
 * rule) is left out, as is a class id that is not an id; the rest stays, to be edited or deleted.
 */
const answerOf = (stored: StoredSavedAnalysis): SavedAnalysis => {
  const parsed = savedAnalysisSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const criteria = (Array.isArray(stored.criteria) ? stored.criteria : []).flatMap((item) => {
    const read = analysisCriteriaItemSchema.safeParse(item);
    return read.success ? [read.data] : [];
  });
  const classes = Array.isArray(stored.incidentClasses) ? stored.incidentClasses : [];
  return savedAnalysisSchema.parse({
    ...stored,
    criteria,
    chartType: stored.chartType === 'excel' ? 'excel' : oneOf(ANALYSIS_CHART_TYPES, stored.chartType, 'bar'),
    frequency: oneOf(ANALYSIS_FREQUENCIES, stored.frequency, criteria[0]?.frequency ?? 'month'),
    incidentClasses: classes.filter((value) => idSchema().safeParse(value).success),
  });
};

export async function listAnalyses(
  tx: Executor,
  principal: Principal,
  target: SavedAnalysisTarget,
  page: PageQuery,
): Promise<Page<SavedAnalysis>> {
  const stored = await listSavedAnalyses(tx, scopeOf(principal, target), page);
  return { ...stored, items: stored.items.map(answerOf) };
}

/** A saved analysis the user may use (their own dashboard analysis, or a company chart report); 404 otherwise. */
async function getAnalysis(
  tx: Executor,
  principal: Principal,
  target: SavedAnalysisTarget,
  id: string,
): Promise<SavedAnalysis> {
  const stored = await findSavedAnalysis(tx, scopeOf(principal, target), id);
  if (!stored) throw notFound(TARGETS[target].missing);
  return answerOf(stored);
}

const auditSaved = (
  tx: Tx,
  principal: Principal,
  target: SavedAnalysisTarget,
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

const valuesOf = (input: SavedAnalysisCreate): SavedAnalysisValues => ({
  name: input.name,
  description: input.description,
  criteria: input.criteria,
  chartType: input.chartType,
  frequency: input.frequency,
  incidentClasses: input.incidentClasses,
});

/** Saves a new analysis to the dashboard (the user's own) or to the company's reports, with its audit entry. */
export async function createAnalysis(
  tx: Tx,
  principal: Principal,
  target: SavedAnalysisTarget,
  input: SavedAnalysisCreate,
): Promise<SavedAnalysis> {
  const values = valuesOf(input);
  const id = await insertSavedAnalysis(tx, { ...scopeOf(principal, target), userId: principal.userId }, values);
  await auditSaved(tx, principal, target, 'CREATE', { id, name: values.name, objectData: values });
  return getAnalysis(tx, principal, target, id);
}

/** Replaces the fields of a saved analysis in the user's scope (404 outside it). */
export async function updateAnalysis(
  tx: Tx,
  principal: Principal,
  target: SavedAnalysisTarget,
  input: SavedAnalysisUpdate,
): Promise<SavedAnalysis> {
  const values = valuesOf(input);
  if (!(await updateSavedAnalysis(tx, scopeOf(principal, target), input.id, values))) {
    throw notFound(TARGETS[target].missing);
  }
  await auditSaved(tx, principal, target, 'UPDATE', { id: input.id, name: values.name, objectData: values });
  return getAnalysis(tx, principal, target, input.id);
}

export async function deleteAnalysis(tx: Tx, principal: Principal, target: SavedAnalysisTarget, id: string) {
  const name = await deleteSavedAnalysis(tx, scopeOf(principal, target), id);
  if (name === undefined) throw notFound(TARGETS[target].missing);
  await auditSaved(tx, principal, target, 'DELETE', { id, name });
}
