import { type SQL, sql } from 'drizzle-orm';

/**
 * Partial, case- and accent-insensitive text matching ('tran' finds 'Trần'): both sides folded by
 * blotter_fold (lower + unaccent, migration 0010). Card texts are matched in the search documents
 * (search-documents.ts); this LIKE form serves the creator's name.
 */

/**
 * The folded pattern '%value%' for `value` typed by the user, its LIKE wildcards and escape escaped
 * after folding (unaccent turns the full-width '％', '＿' and '＼' into '%', '_' and a backslash).
 */
const containsPattern = (value: string): SQL =>
  sql`'%' || regexp_replace(public.blotter_fold(${value.trim()}), '([\\\\%_])', '\\\\\\1', 'g') || '%'`;

/** `field` contains `value` (folded); an empty value tests nothing. */
export function textContains(field: SQL, value: string): SQL[] {
  if (value.trim() === '') return [];
  return [sql`public.blotter_fold(${field}) like ${containsPattern(value)}`];
}
