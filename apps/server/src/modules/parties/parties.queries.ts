import type { CompanyMatch, PersonMatch } from '@blotter/shared';
import { and, asc, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { parties } from '../../db/schema/index';
import { normalizeSearch } from '../geo/geo.queries';
import { PERSON_TYPE, searchText } from './party-details';

export const SEARCH_LIMIT = 20;
/** Search looks at the first few words typed; more only slow the query down. */
const MAX_WORDS = 6;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
const words = (text: string) => [...new Set(searchText(text).split(' ').filter(Boolean))].slice(0, MAX_WORDS);
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const detail = (field: string) => sql<string>`coalesce(${parties.data}->>${field}, '')`;

/**
 * Every word must occur in the name; names where a word starts a name part rank first, whole-word
 * matches above those, then the most recently seen and the alphabetical order.
 */
function nameSearch(personType: number, text: string) {
  const typed = words(text);
  const padded = sql`' ' || ${parties.searchName} || ' '`;
  const score = typed.map(
    (word) =>
      sql`(case when ${padded} like ${`% ${escapeLike(word)} %`} then 2 when ${padded} like ${`% ${escapeLike(word)}%`} then 1 else 0 end)`,
  );
  return {
    where: and(
      eq(parties.personType, personType),
      ...typed.map((word) => like(parties.searchName, `%${escapeLike(word)}%`)),
    ),
    orderBy: [
      desc(score.length > 0 ? sql.join(score, sql` + `) : sql`0`),
      sql`${parties.lastSeenAt} desc nulls last`,
      asc(parties.searchName),
    ] as SQL[],
  };
}

const personColumns = {
  personId: parties.id,
  firstName: parties.firstName,
  middleName: parties.middleName,
  lastName: parties.lastName,
  alias: parties.alias,
  isEmployee: parties.isEmployee,
  position: detail('position'),
  cityName: detail('cityName'),
  stateName: detail('stateName'),
  lastSeenAt: parties.lastSeenAt,
};
const companyColumns = {
  personId: parties.id,
  name: parties.name,
  contact: detail('contact'),
  cityName: detail('cityName'),
  stateName: detail('stateName'),
  isOwner: parties.isOwner,
  lastSeenAt: parties.lastSeenAt,
};

const toPersonMatch = ({ lastSeenAt, ...row }: { lastSeenAt: Date | null } & Omit<PersonMatch, 'lastSeenDate'>) => ({
  ...row,
  lastSeenDate: iso(lastSeenAt),
});
const toCompanyMatch = ({ lastSeenAt, ...row }: { lastSeenAt: Date | null } & Omit<CompanyMatch, 'lastSeenDate'>) => ({
  ...row,
  lastSeenDate: iso(lastSeenAt),
});

/** Persons of the register whose names contain the words typed (case and accents ignored). */
export async function searchPersons(tx: Tx, name: string): Promise<PersonMatch[]> {
  const search = nameSearch(PERSON_TYPE.PERSON, name);
  const rows = await tx
    .select(personColumns)
    .from(parties)
    .where(search.where)
    .orderBy(...search.orderBy)
    .limit(SEARCH_LIMIT);
  return rows.map(toPersonMatch);
}

/** Legal entities of the register whose names contain the words typed. */
export async function searchCompanies(tx: Tx, name: string): Promise<CompanyMatch[]> {
  const search = nameSearch(PERSON_TYPE.LEGAL_ENTITY, name);
  const rows = await tx
    .select(companyColumns)
    .from(parties)
    .where(search.where)
    .orderBy(...search.orderBy)
    .limit(SEARCH_LIMIT);
  return rows.map(toCompanyMatch);
}

/** Blank on either side, or the same first letter: the middle names do not tell the two apart. */
const middleCompatible = (a: string, b: string) => !a || !b || a[0] === b[0];

/**
 * Likely duplicates of a person: the same first and last name (case and accents ignored) whose
 * middle names do not contradict (either is blank, or both start with the same letter). Names
 * are compared in JavaScript after a narrowing query, with the same normalisation as search.
 */
export async function personDuplicates(
  tx: Tx,
  input: { firstName: string; middleName: string; lastName: string },
): Promise<PersonMatch[]> {
  const first = searchText(input.firstName);
  const last = searchText(input.lastName);
  const middle = searchText(input.middleName);
  if (!first) return [];
  const rows = await tx
    .select(personColumns)
    .from(parties)
    .where(
      and(
        eq(parties.personType, PERSON_TYPE.PERSON),
        like(parties.searchName, `%${escapeLike(first)}%`),
        last ? like(parties.searchName, `%${escapeLike(last)}%`) : undefined,
      ),
    )
    .orderBy(sql`${parties.lastSeenAt} desc nulls last`, asc(parties.searchName))
    .limit(500);
  return rows
    .filter(
      (row) =>
        searchText(row.firstName) === first &&
        searchText(row.lastName) === last &&
        middleCompatible(searchText(row.middleName), middle),
    )
    .slice(0, SEARCH_LIMIT)
    .map(toPersonMatch);
}

/** Letters and digits only: 'ACME, Inc.' and 'Acme Inc' are the same company. */
const companyKey = (name: string) => normalizeSearch(name).replace(/[^\p{L}\p{N}]+/gu, '');

/** Likely duplicates of a legal entity: the same name ignoring case, accents, spaces and punctuation. */
export async function companyDuplicates(tx: Tx, name: string): Promise<CompanyMatch[]> {
  const key = companyKey(name);
  const firstWord = normalizeSearch(name).match(/[\p{L}\p{N}]+/u)?.[0];
  if (!key || !firstWord) return [];
  const rows = await tx
    .select({ ...companyColumns, searchName: parties.searchName })
    .from(parties)
    .where(
      and(eq(parties.personType, PERSON_TYPE.LEGAL_ENTITY), like(parties.searchName, `%${escapeLike(firstWord)}%`)),
    )
    .orderBy(sql`${parties.lastSeenAt} desc nulls last`, asc(parties.searchName))
    .limit(500);
  return rows
    .filter((row) => companyKey(row.searchName) === key)
    .slice(0, SEARCH_LIMIT)
    .map(({ searchName: _searchName, ...row }) => toCompanyMatch(row));
}

/** One register entry of the given type (RLS limits it to the company). */
export async function findParty(tx: Tx, id: string, personType: number) {
  const [row] = await tx
    .select()
    .from(parties)
    .where(and(eq(parties.id, id), eq(parties.personType, personType)))
    .limit(1);
  return row;
}
