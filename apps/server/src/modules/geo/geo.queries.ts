import type { City, Country, State } from '@blotter/shared';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cities, countries, states } from '../../db/schema/index';

/** Lower-case without accents, as stored in cities.search_name. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** Countries by name as a reader expects them ('Åland Islands' after 'Albania'); the database's collation may differ. */
export async function listCountries(db: Executor): Promise<Country[]> {
  const rows = await db.select({ code: countries.code, name: countries.name }).from(countries);
  return rows.sort((a, b) => byName.compare(a.name, b.name));
}

export function listStates(db: Executor, countryCode?: string): Promise<State[]> {
  return db
    .select({
      code: states.code,
      name: states.name,
      countryCode: states.countryCode,
    })
    .from(states)
    .where(countryCode ? eq(states.countryCode, countryCode.toUpperCase()) : undefined)
    .orderBy(asc(states.countryCode), asc(states.name));
}

/** Cities whose name starts with the text (accents and case ignored), the closest names first. */
export function searchCities(
  db: Executor,
  query: {
    name: string;
    countryCode?: string | undefined;
    stateCode?: string | undefined;
  },
  limit = 20,
): Promise<City[]> {
  const prefix = `${normalizeSearch(query.name).replace(/[\\%_]/g, '\\$&')}%`;
  return db
    .select({
      id: cities.id,
      name: cities.name,
      stateCode: cities.stateCode,
      countryCode: cities.countryCode,
      stateName: sql<string>`coalesce(${states.name}, ${cities.stateCode})`,
    })
    .from(cities)
    .leftJoin(states, and(eq(states.countryCode, cities.countryCode), eq(states.code, cities.stateCode)))
    .where(
      and(
        like(cities.searchName, prefix),
        query.countryCode ? eq(cities.countryCode, query.countryCode.toUpperCase()) : undefined,
        query.stateCode ? eq(cities.stateCode, query.stateCode.toUpperCase()) : undefined,
      ),
    )
    .orderBy(sql`length(${cities.name})`, asc(cities.name))
    .limit(limit);
}
