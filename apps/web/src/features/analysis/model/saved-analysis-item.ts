import { type SavedAnalysis, savedAnalysisSchema } from '@blotter/shared/schemas/analysis';

/** Where a saved analysis lives: the user's dashboard or the company's reports page. */
export type SavedAnalysisItemType = 'dashboard' | 'report';

export interface SavedAnalysisItem {
  item: SavedAnalysis;
  itemType: SavedAnalysisItemType;
}

/** The navigation state of /analyze ({ item, itemType }, spec 2 §2), when it names a saved analysis. */
export function savedAnalysisFromState(state: unknown): SavedAnalysisItem | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { item, itemType } = state as { item?: unknown; itemType?: unknown };
  if (itemType !== 'dashboard' && itemType !== 'report') return undefined;
  const parsed = savedAnalysisSchema.safeParse(item);
  return parsed.success ? { item: parsed.data, itemType } : undefined;
}
