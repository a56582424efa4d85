import { type SQL, sql } from 'drizzle-orm';

/**
 * Partial, case- and accent-insensitive text matching ('tran' finds 'Trần'): both sides folded by
 * blotter_fold (lower + unaccent, migration 0010) and compared with LIKE '%…%'. The expressions
 * below are those of the trigram indexes of migration 0010, character for character: the query
 * narrows the rows with the indexed expression, then tests the field that was asked for.
 */
export const SEARCH_TEXT = {
  person: sql.raw(`public.blotter_fold(p.first_name || ' ' || p.middle_name || ' ' || p.last_name)`),
  company: sql.raw('public.blotter_fold(p.name)'),
  vehicle: sql.raw(
    `public.blotter_fold(p.license_plate || ' ' || p.maker || ' ' || p.model || ' ' || p.color || ' ' || coalesce(p.data->>'stateProvince', ''))`,
  ),
  item: sql.raw(
    `public.blotter_fold(p.name || ' ' || p.brand || ' ' || p.serial_number || ' ' || coalesce(p.data->>'model', '') || ' ' || coalesce(p.data->>'color', ''))`,
  ),
  attachment: sql.raw(`public.blotter_fold(p.name || ' ' || p.file_name)`),
  address: sql.raw(
    `public.blotter_fold(i.location_unit || ' ' || i.location_address || ' ' || i.location_street || ' ' || i.location_city_name)`,
  ),
} as const;

/** `value` as a LIKE pattern matching it literally: the wildcards and the escape character are escaped. */
export function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The folded pattern '%value%' for `value` typed by the user. */
export const containsPattern = (value: string): SQL =>
  sql`'%' || public.blotter_fold(${likeLiteral(value.trim())}) || '%'`;

/**
 * `field` contains `value`, narrowed first by the indexed expression `indexed` (which holds `field`),
 * so the trigram index finds the candidates. Empty values test nothing.
 */
export function textMatches(indexed: SQL, field: SQL, value: string): SQL[] {
  if (value.trim() === '') return [];
  const pattern = containsPattern(value);
  return [sql`${indexed} like ${pattern}`, sql`public.blotter_fold(${field}) like ${pattern}`];
}
