import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { cities, countries, states, systemState } from '../schema/index';
import { CITIES } from './data/cities';
import { COUNTRIES } from './data/countries';
import { STATES } from './data/states';

const MARKER = 'reference_data_v1';

/** A stable id for a seeded city, the same on every installation. */
export function cityId(countryCode: string, stateCode: string, name: string): string {
  const hex = createHash('sha1').update(`city|${countryCode}|${stateCode}|${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

function searchName(name: string) {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Countries, states and provinces, and North American cities; inserted once. */
export async function seedReferenceData(database: Database): Promise<boolean> {
  const done = await database.system((tx) => tx.select().from(systemState).where(eq(systemState.key, MARKER)));
  if (done.length > 0) return false;
  await database.system(async (tx) => {
    await tx
      .insert(countries)
      .values(COUNTRIES.map(([code, name]) => ({ code, name })))
      .onConflictDoNothing();
    await tx
      .insert(states)
      .values(STATES.map(([countryCode, code, name]) => ({ countryCode, code, name })))
      .onConflictDoNothing();
    const cityRows = CITIES.map(([countryCode, stateCode, name]) => ({
      id: cityId(countryCode, stateCode, name),
      name,
      searchName: searchName(name),
      stateCode,
      countryCode,
    }));
    for (let i = 0; i < cityRows.length; i += 500) {
      await tx
        .insert(cities)
        .values(cityRows.slice(i, i + 500))
        .onConflictDoNothing();
    }
    await tx
      .insert(systemState)
      .values({ key: MARKER, value: { at: new Date().toISOString() } })
      .onConflictDoNothing();
  });
  return true;
}
