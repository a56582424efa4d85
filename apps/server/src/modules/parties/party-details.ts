import { type LegalEntity, legalEntitySchema, type Person, personSchema } from '@blotter/shared';
import { normalizeSearch } from '../geo/geo.queries';

export const PERSON_TYPE = { PERSON: 0, LEGAL_ENTITY: 1 } as const;

/**
 * Fields that describe a party's part in one incident, not the party: they stay on the card and
 * are not carried to the next incident that picks the party from the register.
 */
const INCIDENT_ONLY = new Set<string>([
  'id',
  'personId',
  'duplicationChecked',
  'comments',
  'isOwner',
  'statusInjury',
  'statusFirstAid',
  'statusHospitalized',
  'statusRefusedHelp',
  'relationReporter',
  'relationVictim',
  'relationPersonOfInterest',
  'relationSuspect',
  'relationWitness',
  'relationSubject',
]);

/** The card without its incident-only fields: what the register keeps as latest knowledge. */
export function registerDetails(card: Person | LegalEntity): Record<string, unknown> {
  return Object.fromEntries(Object.entries(card).filter(([key]) => !INCIDENT_ONLY.has(key)));
}

/** Lower-case, accent-free, single-spaced: what search and duplication checks compare. */
export function searchText(...parts: string[]): string {
  return normalizeSearch(parts.join(' ')).replace(/\s+/g, ' ');
}

export const personSearchName = (p: Pick<Person, 'firstName' | 'middleName' | 'lastName' | 'alias'>) =>
  searchText(p.firstName, p.middleName, p.lastName, p.alias);

/** A fresh card for a register entry: new card id, the entry's details, incident flags off. */
export function personCardFrom(id: string, personId: string, data: unknown, names: Partial<Person>): Person {
  const base = { ...(typeof data === 'object' && data ? data : {}), ...names };
  const card = { id, personId, duplicationChecked: true };
  const parsed = personSchema.safeParse({ ...base, ...card });
  // Details stored under older rules may no longer pass: the names alone still make a card.
  return parsed.success ? parsed.data : personSchema.parse({ ...names, ...card });
}

export function companyCardFrom(
  id: string,
  personId: string,
  data: unknown,
  fields: { name: string; isOwner: boolean },
): LegalEntity {
  const base = { ...(typeof data === 'object' && data ? data : {}), ...fields };
  const card = { id, personId, duplicationChecked: true };
  const parsed = legalEntitySchema.safeParse({ ...base, ...card });
  return parsed.success ? parsed.data : legalEntitySchema.parse({ ...fields, ...card });
}
