import { type SavedSearch, savedSearchSchema } from '@blotter/shared/schemas/search';

/** Where a saved search lives: the user's dashboard or the company's reports page. */
export type SavedItemType = 'dashboard' | 'report';

/** The saved search the search page edits: opened from a dashboard card or a report card. */
export interface SavedItem {
  item: SavedSearch;
  itemType: SavedItemType;
}

/** The navigation state of /search ({ item, itemType }, spec 2 §2), when it names a saved search. */
export function savedItemFromState(state: unknown): SavedItem | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { item, itemType } = state as { item?: unknown; itemType?: unknown };
  if (itemType !== 'dashboard' && itemType !== 'report') return undefined;
  const parsed = savedSearchSchema.safeParse(item);
  return parsed.success ? { item: parsed.data, itemType } : undefined;
}
