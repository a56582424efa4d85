import { type SQL, sql } from 'drizzle-orm';

/**
 * `field` contains `value`, both folded (lower case, no accents: 'tran' finds 'Trần'), the value's
 * LIKE wildcards and escape taken as characters (blotter_search_like, migration 0014). Card texts
 * are matched in the search documents (search-documents.ts); this serves the creator's name. An
 * empty value tests nothing.
 */
export function textContains(field: SQL, value: string): SQL[] {
  if (value.trim() === '') return [];
  return [sql`public.blotter_fold(${field}) like public.blotter_search_like(${value.trim()})`];
}
