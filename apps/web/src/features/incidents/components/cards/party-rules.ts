import { displayName, personName } from '@blotter/shared/presentation';
import type { LegalEntity, Person } from '@blotter/shared/schemas/incident-parts';
import { SEARCH_MESSAGES } from '@blotter/shared/schemas/persons';

type PersonName = Partial<Pick<Person, 'firstName' | 'middleName' | 'lastName'>>;

/** 'First Middle Last' with empty parts left out; '' when there is no name at all. */
export function personFullName(person: PersonName): string {
  return [person.firstName, person.middleName, person.lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** Spec 1 §4: a person or company already on the incident (same register id) cannot be added again. */
export function findCardOfParty<T extends { personId?: string | null }>(
  cards: readonly T[],
  personId: string,
): T | undefined {
  return cards.find((card) => card.personId === personId);
}

/** '{name} already exists.' (spec 1 §8). */
export function alreadyExistsMessage(name: string): string {
  return `${displayName(name)}${SEARCH_MESSAGES.alreadyExists}`;
}

export interface PersonDuplicationQuery {
  firstName: string;
  middleName: string;
  lastName: string;
}

type PersonCheckState = PersonName & Pick<Partial<Person>, 'personId' | 'duplicationChecked'>;

/**
 * Spec 1 §4: the duplication check runs for a card that is not checked yet, is not an existing
 * record (personId) and has a first or last name. Returns the body to send, or null for no check.
 */
export function personDuplicationQuery(card: PersonCheckState): PersonDuplicationQuery | null {
  if (card.duplicationChecked || card.personId) return null;
  const query = {
    firstName: (card.firstName ?? '').trim(),
    middleName: (card.middleName ?? '').trim(),
    lastName: (card.lastName ?? '').trim(),
  };
  if (!query.firstName && !query.lastName) return null;
  return query;
}

type CompanyCheckState = Pick<Partial<LegalEntity>, 'name' | 'personId' | 'duplicationChecked' | 'isOwner'>;

/** The same rule for legal entities, on the name; the owner company is the account's own and never checked. */
export function companyDuplicationQuery(card: CompanyCheckState): { name: string } | null {
  if (card.duplicationChecked || card.personId || card.isOwner) return null;
  const name = (card.name ?? '').trim();
  return name ? { name } : null;
}

/** Fields that belong to this incident, not to the register entry: kept when a duplicate is adopted. */
const PERSON_INCIDENT_FIELDS = [
  'id',
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
  'comments',
] as const satisfies readonly (keyof Person)[];

/** Description fields: the register's value wins, but what was typed here is kept where it has none. */
const PERSON_DESCRIPTION_FIELDS = [
  'charHeight',
  'charWeight',
  'charHairColor',
  'charHairLength',
  'charHairType',
  'charFacialHair',
  'charEyeGlasses',
  'charOther',
] as const satisfies readonly (keyof Person)[];

/**
 * The card after adopting an existing person (POST /incidents/persons answered `adopted`): the
 * register's details with this card's id and incident-specific flags, marked checked.
 */
export function adoptPerson(card: Person, adopted: Person): Person {
  const next: Person = { ...adopted, duplicationChecked: true };
  for (const key of PERSON_INCIDENT_FIELDS) Object.assign(next, { [key]: card[key] });
  for (const key of PERSON_DESCRIPTION_FIELDS) {
    if (!next[key]) next[key] = card[key];
  }
  return next;
}

const COMPANY_INCIDENT_FIELDS = [
  'id',
  'relationReporter',
  'relationVictim',
  'relationSubject',
  'comments',
] as const satisfies readonly (keyof LegalEntity)[];

/** The legal-entity counterpart of adoptPerson. */
export function adoptCompany(card: LegalEntity, adopted: LegalEntity): LegalEntity {
  const next: LegalEntity = { ...adopted, duplicationChecked: true };
  for (const key of COMPANY_INCIDENT_FIELDS) Object.assign(next, { [key]: card[key] });
  return next;
}

/** Property owner option (spec 1 §2): a person (personType 0) or legal entity (1) card of the incident. */
export interface PropertyOwnerOption {
  id: string;
  name: string;
  personType: 0 | 1;
}

/** The persons then the legal entities on the incident, as owner and involved-person choices. */
export function propertyOwnerOptions(
  persons: readonly (PersonName & { id: string })[],
  companies: readonly { id: string; name?: string | null }[],
): PropertyOwnerOption[] {
  return [
    ...persons.map((person) => ({ id: person.id, name: personName(person), personType: 0 as const })),
    ...companies.map((company) => ({ id: company.id, name: displayName(company.name), personType: 1 as const })),
  ];
}
