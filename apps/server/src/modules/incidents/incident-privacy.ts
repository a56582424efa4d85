import { hasPrivilege, type Person, type PersonView, PRIVATE_PERSON_FIELDS } from '@blotter/shared';
import type { Principal } from '../../plugins/auth';
import type { IncidentSnapshot } from './incident-snapshot';

/** Unmasking person details (date of birth, gender, address, phones, email) needs PRIVACY_INFO_VIEW. */
export const seesPrivateFields = (principal: Principal) => hasPrivilege(principal, 'PRIVACY_INFO_VIEW');

/**
 * A person card as the viewer receives it. Without PRIVACY_INFO_VIEW the private fields are not
 * sent at all (null), so the masked values never reach the browser.
 */
export function personForViewer(card: Person, showPrivate: boolean, pictureUrl: string | null): PersonView {
  const view: PersonView = { ...card, personPictureSasKey: pictureUrl, privateHidden: !showPrivate };
  if (showPrivate) return view;
  for (const field of PRIVATE_PERSON_FIELDS) view[field] = null;
  return view;
}

/** Private fields of a snapshot person blanked in the card's own types: ids to null, texts to ''. */
const BLANK: { [K in (typeof PRIVATE_PERSON_FIELDS)[number]]: Person[K] } = {
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

export type MaskedSnapshot = Omit<IncidentSnapshot, 'persons'> & {
  persons: (Person & { privateHidden: boolean })[];
};

/** A history snapshot for the user: private person fields blanked without PRIVACY_INFO_VIEW. */
export function snapshotForViewer(snapshot: IncidentSnapshot, showPrivate: boolean): MaskedSnapshot {
  return {
    ...snapshot,
    persons: (snapshot.persons ?? []).map((person) =>
      showPrivate ? { ...person, privateHidden: false } : { ...person, ...BLANK, privateHidden: true },
    ),
  };
}
