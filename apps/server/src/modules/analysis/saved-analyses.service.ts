import {
  ANALYSIS_CHART_TYPES,
  ANALYSIS_FREQUENCIES,
  analysisCriteriaItemSchema,
  id as idSchema,
  type SavedAnalysis,
  type savedAnalysisCreateSchema,
  savedAnalysisSchema,
} from '@blotter/shared';
import type { z } from 'zod';
import { savedItemService } from '../saved-items/saved-items.service';
import { type StoredSavedAnalysis, savedAnalysisStore } from './saved-analyses.queries';

type SavedAnalysisCreate = z.output<typeof savedAnalysisCreateSchema>;

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

/**
 * The user's own dashboard analyses (target 'dashboard') and the company's chart reports (target
 * 'report'): list, get, create, update and delete, with ANALYZE or REPORT audit entries.
 */
export const savedAnalyses = savedItemService({
  store: savedAnalysisStore,
  dashboard: { objectType: 'ANALYZE', missing: 'Saved analysis' },
  answerOf,
  valuesOf: (input: SavedAnalysisCreate) => ({
    name: input.name,
    description: input.description,
    criteria: input.criteria,
    chartType: input.chartType,
    frequency: input.frequency,
    incidentClasses: input.incidentClasses,
  }),
});
