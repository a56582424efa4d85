import { type SQL, sql } from 'drizzle-orm';
import { CITIES } from '../../../src/db/seed/data/cities';
import { STATES } from '../../../src/db/seed/data/states';
import { cityId } from '../../../src/db/seed/reference';
import type { BenchCompany } from './companies';

/**
 * Deterministic pseudo-random choices in SQL: every value of the data set is a function of a row's
 * seed (company index and incident number, then card number) and a salt naming the choice, through
 * PostgreSQL's seeded 64-bit hash. The functions are inlined by the planner (plain SQL, immutable);
 * the loader drops them at the end.
 */
export const HELPER_STATEMENTS: SQL[] = [
  `create or replace function bench_unit(seed bigint, salt int) returns float8
    language sql immutable parallel safe
    as $$ select (hashint8extended(seed, salt) & 9223372036854775807)::float8 / 9223372036854775808.0 $$`,
  `create or replace function bench_pick(seed bigint, salt int, n int) returns int
    language sql immutable parallel safe
    as $$ select floor(bench_unit(seed, salt) * n)::int $$`,
  // Skewed towards 0: the first entries of a list are the commonest (a long tail after them).
  `create or replace function bench_skew(seed bigint, salt int, n int) returns int
    language sql immutable parallel safe
    as $$ select floor(bench_unit(seed, salt) ^ 1.6::float8 * n)::int $$`,
  `create table bench_company (
    account_id uuid primary key, idx int not null, name text not null,
    users uuid[] not null, user_first text[] not null, user_last text[] not null,
    person_types uuid[] not null, genders uuid[] not null, ca_types uuid[] not null)`,
].map((text) => sql.raw(text));

export const DROP_HELPER_STATEMENTS: SQL[] = [
  'drop table if exists bench_company',
  'drop function if exists bench_skew(bigint, int, int)',
  'drop function if exists bench_pick(bigint, int, int)',
  'drop function if exists bench_unit(bigint, int)',
].map((text) => sql.raw(text));

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A constant array written into the statement, so the planner folds it once (no per-row detoasting). */
export const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map(quote).join(',')}]::text[]`);
export const uuidArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map(quote).join(',')}]::uuid[]`);

/** `list[1 + pick]`: one entry chosen by the seed; skewed (the first ones commonest) unless `even`. */
export function choose(list: SQL, size: number, seed: SQL, salt: number, even = false): SQL {
  return sql`(${list})[1 + ${sql.raw(even ? 'bench_pick' : 'bench_skew')}(${seed}, ${salt}, ${size})]`;
}

/** Canadian cities of the reference data (ids as seeded), largest first as the list gives them. */
const CANADA = CITIES.filter(([country]) => country === 'CA').map(([country, state, name]) => ({
  id: cityId(country, state, name),
  name,
  stateName: STATES.find(([c, code]) => c === country && code === state)?.[2] ?? '',
}));
export const CITY_COUNT = CANADA.length;
export const CITY_IDS = uuidArray(CANADA.map((c) => c.id));
export const CITY_NAMES = textArray(CANADA.map((c) => c.name));
export const CITY_STATES = textArray(CANADA.map((c) => c.stateName));

/** Rows of bench_company, read by the part statements (arrays of a few ids only, stored inline). */
export function companyRows(companies: readonly BenchCompany[]): SQL {
  const rows = companies.map(
    (c) =>
      sql`(${c.accountId}::uuid, ${c.index}::int, ${c.name}, ${uuidArray(c.userIds)}, ${textArray(c.userFirstNames)},
        ${textArray(c.userLastNames)}, ${uuidArray(c.personTypeIds)}, ${uuidArray(c.genderIds)},
        ${uuidArray(c.correctiveActionTypeIds)})`,
  );
  return sql`insert into bench_company values ${sql.join(rows, sql`, `)}`;
}

/** A Canadian postal code ('M5H 1J9') from a seed. */
export function postalCode(seed: SQL, salt: number): SQL {
  const letter = (n: number) => sql`chr(65 + bench_pick(${seed}, ${salt + n}, 26))`;
  const digit = (n: number) => sql`bench_pick(${seed}, ${salt + n}, 10)::text`;
  return sql`${letter(0)} || ${digit(1)} || ${letter(2)} || ' ' || ${digit(3)} || ${letter(4)} || ${digit(5)}`;
}

/** A North American phone number ('416-555-0142') from a seed. */
export function phone(seed: SQL, salt: number): SQL {
  return sql`(array['416','514','604','403','613','905','438','587'])[1 + bench_pick(${seed}, ${salt}, 8)] || '-555-' ||
    lpad(bench_pick(${seed}, ${salt + 1}, 10000)::text, 4, '0')`;
}

/** 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"', as the API writes dates. */
export const iso = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
