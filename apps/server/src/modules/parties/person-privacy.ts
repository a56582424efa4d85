import { hasPrivilege, type Person, type PersonMatch, type PrivatePersonField } from '@blotter/shared';
import type { Principal } from '../../plugins/auth';

/*
 * Private person fields (PRIVATE_PERSON_FIELDS: date of birth, gender, address, phones, email)
 * reach only users with PRIVACY_INFO_VIEW. This file masks a person card of the register; the rules
 * of cards on incidents and drafts (which cards are protected, what a save keeps) build on it in
 * `incidents/incident-privacy.ts`.
 */

/** Unmasking person details (date of birth, gender, address, phones, email) needs PRIVACY_INFO_VIEW. */
export const seesPrivateFields = (principal: Principal) => hasPrivilege(principal, 'PRIVACY_INFO_VIEW');

export type PrivateFields = { [K in PrivatePersonField]: Person[K] };

/** Private fields of a person blanked in the card's own types: ids to null, texts to ''. */
export const BLANK: PrivateFields = {
  dateOfBirth: '',
  lookupGenderTypeId: null,
  unit: '',
  address: '',
  street: '',
  cityId: null,
  cityName: '',
  stateName: '',
  countryCode: '',
  postalCode: '',
  phone: '',
  mobilePhone: '',
  email: '',
};

/** A card with its private fields blanked and privateHidden set: what a user without the privilege gets. */
export function maskedCard<T extends Person>(card: T): T & { privateHidden: true } {
  return { ...card, ...BLANK, privateHidden: true };
}

/** POST /incidents/persons: the register person's card, masked for a user without the privilege. */
export function registerCardForUser(principal: Principal, card: Person): Person {
  return seesPrivateFields(principal) ? card : maskedCard(card);
}

/** Person search and duplicate lists: the place (city, state) is private. */
export function personMatchesForUser(principal: Principal, matches: PersonMatch[]): PersonMatch[] {
  if (seesPrivateFields(principal)) return matches;
  return matches.map(({ cityName: _city, stateName: _state, ...match }) => match);
}
