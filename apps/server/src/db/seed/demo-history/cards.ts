import {
  type CorrectiveAction,
  type Item,
  type ItemStatus,
  type LegalEntity,
  legalEntitySchema,
  type Person,
  personSchema,
  REFERRED,
  type Vehicle,
  vehicleSchema,
} from '@blotter/shared';
import { BUSINESSES, EMPLOYEES, type KnownPerson, NAME_POOLS, RECURRING_SUSPECTS } from '../data/demo-people';
import {
  HOME_STREETS,
  ITEM_KINDS,
  type ItemGroup,
  type SeedAddress,
  VEHICLE_COLOURS,
  VEHICLE_MODELS,
} from '../data/demo-things';
import { cityId } from '../reference';
import type { SeededRandom } from './seeded-random';

/** The demo company's lookup ids by type and name (trees by '/'-separated path). */
export interface DemoRefs {
  lookup(type: string, pathOrName: string): string;
}

/** Relations and statuses of a person on one incident. */
export type PersonRole = Partial<
  Pick<
    Person,
    | 'relationReporter'
    | 'relationVictim'
    | 'relationSuspect'
    | 'relationWitness'
    | 'relationPersonOfInterest'
    | 'statusInjury'
    | 'statusFirstAid'
    | 'statusHospitalized'
    | 'statusRefusedHelp'
    | 'comments'
  >
>;

const STATES: Record<SeedAddress['city']['stateCode'], string> = {
  ON: 'Ontario',
  QC: 'Quebec',
  BC: 'British Columbia',
  AB: 'Alberta',
};

/** City fields as the form fills them when a city of the list is chosen. */
export function cityFields(city: SeedAddress['city']) {
  return {
    cityId: cityId('CA', city.stateCode, city.name),
    cityName: city.name,
    stateName: STATES[city.stateCode],
    countryCode: 'CA',
  };
}

const PHONE_AREAS: Record<string, readonly string[]> = {
  ON: ['416', '647', '905', '289'],
  QC: ['514', '438'],
  BC: ['604'],
  AB: ['403'],
};

function homeAddress(rng: SeededRandom) {
  const home = rng.pick(HOME_STREETS);
  const street = rng.pick(home.streets);
  const postalCode = `${home.postal}${rng.chars('0123456789', home.postal.length === 1 ? 2 : 1)}${rng.chars('ABCEGHJKLMNPRSTVWXYZ', 1)} ${rng.int(1, 9)}${rng.chars('ABCEGHJKLMNPRSTVWXYZ', 1)}${rng.int(1, 9)}`;
  const phone = `${rng.pick(PHONE_AREAS[home.city.stateCode] ?? ['416'])}-555-01${rng.chars('0123456789', 2)}`;
  return { address: `${rng.int(12, 2980)} ${street}`, street, postalCode, ...cityFields(home.city), phone };
}

const asciiName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

const KNOWN_NAMES = new Set([...EMPLOYEES, ...RECURRING_SUSPECTS].map((p) => `${p.firstName} ${p.lastName}`));

/** A person met once: a name from one community's pool, some contact details, the role on the incident. */
export function passerBy(rng: SeededRandom, refs: DemoRefs, personType: string, role: PersonRole): Person {
  const pool = rng.pick(NAME_POOLS);
  let [firstName, gender] = rng.pick(pool.first);
  let lastName = rng.pick(pool.last);
  // Someone met once never has the name of a person who comes back (the register would mix them up).
  while (KNOWN_NAMES.has(`${firstName} ${lastName}`)) {
    [firstName, gender] = rng.pick(pool.first);
    lastName = rng.pick(pool.last);
  }
  const middle = pool.middle && rng.chance(0.7) ? rng.pick(pool.middle) : '';
  const withContact = rng.chance(0.6);
  const home = withContact ? homeAddress(rng) : undefined;
  const born = rng.chance(0.5)
    ? `${rng.int(1950, 2006)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`
    : '';
  return personSchema.parse({
    id: rng.uuid(),
    firstName,
    middleName: middle,
    lastName,
    lookupPersonTypeId: refs.lookup('personType', personType),
    lookupGenderTypeId: refs.lookup('genderType', gender),
    dateOfBirth: born,
    ...(home ?? {}),
    email: withContact && rng.chance(0.5) ? `${asciiName(firstName)}.${asciiName(lastName)}@example.com` : '',
    duplicationChecked: true,
    ...role,
  });
}

/** The card of a person who comes back (an employee or a recurring suspect), as first recorded. */
export function knownPersonCard(rng: SeededRandom, refs: DemoRefs, person: KnownPerson, role: PersonRole): Person {
  const employee = person.department !== undefined;
  const looks = person.looks;
  return personSchema.parse({
    id: rng.uuid(),
    isEmployee: employee,
    firstName: person.firstName,
    middleName: person.middleName ?? '',
    lastName: person.lastName,
    alias: person.alias ?? '',
    position: person.position ?? '',
    lookupPersonTypeId: refs.lookup('personType', employee ? 'Employee' : 'Member of the public'),
    lookupDepartmentId: person.department ? refs.lookup('department', person.department) : null,
    lookupGenderTypeId: refs.lookup('genderType', person.gender),
    dateOfBirth: person.dateOfBirth ?? '',
    ...(employee ? {} : homeAddress(rng)),
    charHeight: looks?.height ?? '',
    charWeight: looks?.weight ?? '',
    charHairColor: looks?.hair ?? '',
    charHairLength: looks?.hairLength ?? '',
    charFacialHair: looks?.facialHair ?? '',
    charOther: looks?.other ?? '',
    duplicationChecked: true,
    ...role,
  });
}

/** A business of the list, or the demo company itself (isOwner). */
export function businessCard(rng: SeededRandom, relation: keyof LegalEntity, owner: boolean): LegalEntity {
  if (owner)
    return legalEntitySchema.parse({ id: rng.uuid(), name: 'Demo Security Inc.', isOwner: true, [relation]: true });
  const business = rng.pick(BUSINESSES);
  const address = homeAddress(rng);
  return legalEntitySchema.parse({
    id: rng.uuid(),
    name: business.name,
    contact: business.contact,
    phone: business.phone,
    address: address.address,
    street: address.street,
    postalCode: address.postalCode,
    ...cityFields({ stateCode: business.city === 'Montréal' ? 'QC' : 'ON', name: business.city }),
    duplicationChecked: true,
    [relation]: true,
  });
}

const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ';

export function vehicleCard(
  rng: SeededRandom,
  refs: DemoRefs,
  involvement: string,
  province: 'Ontario' | 'Quebec',
  ownerPersonId: string | null,
): Vehicle {
  const [maker, model] = rng.pick(VEHICLE_MODELS);
  const licensePlate =
    province === 'Ontario'
      ? `${rng.chars(PLATE_LETTERS, 4)} ${rng.int(100, 999)}`
      : `${rng.chars(PLATE_LETTERS, 1)}${rng.int(10, 99)} ${rng.chars(PLATE_LETTERS, 3)}`;
  return vehicleSchema.parse({
    id: rng.uuid(),
    ownerPersonId,
    licensePlate: rng.chance(0.85) ? licensePlate : '',
    stateProvince: province,
    maker,
    model,
    color: rng.weighted(VEHICLE_COLOURS),
    vin: rng.chance(0.3) ? rng.chars('ABCDEFGHJKLMNPRSTUVWXYZ0123456789', 17) : '',
    involvementId: refs.lookup('vehicleInvolvement', involvement),
  });
}

function serialNumber(rng: SeededRandom, shape: string): string {
  return [...shape]
    .map((c) => (c === '#' ? rng.chars('0123456789', 1) : c === 'A' ? rng.chars('ABCDEFGHJKLMNPQRSTUVWXYZ', 1) : c))
    .join('');
}

export function itemCard(rng: SeededRandom, group: ItemGroup, status: ItemStatus, ownerPersonId: string | null): Item {
  const kind = rng.pick<(typeof ITEM_KINDS)[ItemGroup][number]>(ITEM_KINDS[group]);
  const [low, high] = kind.value;
  return {
    id: rng.uuid(),
    ownerPersonId,
    name: kind.name,
    status,
    company: 'company' in kind ? kind.company : '',
    brand: kind.brand,
    model: kind.model,
    color: rng.pick<string>(kind.colors),
    serialNumber: kind.serial ? serialNumber(rng, kind.serial) : '',
    value: high > 0 ? rng.int(low, high) * 100 + rng.pick([0, 0, 99, 49]) : null,
    comments: '',
  };
}

const POLICE = [
  { first: 'Daniel', last: 'Fraser', position: 'Constable', agency: 'Toronto Police Service' },
  { first: 'Amrit', last: 'Sandhu', position: 'Detective Constable', agency: 'Toronto Police Service' },
  { first: 'Claire', last: 'Bergeron', position: 'Constable', agency: 'Ontario Provincial Police' },
];

/** A corrective action of a type of the list; 'Referred' refers the matter to the police. */
export function correctiveAction(
  rng: SeededRandom,
  refs: DemoRefs,
  type: string,
  involved: string[],
  actionType: CorrectiveAction['actionType'],
): CorrectiveAction {
  const referred = type === 'Referred';
  const officer = rng.pick(POLICE);
  const details = referred
    ? `<p>Reported to ${officer.agency}, occurrence ${rng.int(2023, 2025)}-${rng.int(100000, 999999)}.</p>`
    : `<p>${type} agreed with the site manager.</p>`;
  return {
    id: rng.uuid(),
    typeId: refs.lookup('correctiveActionType', type),
    displayType: referred ? REFERRED : '',
    involvedPersonList: involved,
    actionType,
    details,
    referredType: referred ? 'EXTERNAL' : '',
    referredInternalDepartmentId: null,
    referredExternalAgencyId: referred ? refs.lookup('referredAgency', officer.agency) : null,
    referredContactFirstName: referred ? officer.first : '',
    referredContactMiddleName: '',
    referredContactLastName: referred ? officer.last : '',
    referredContactAlias: '',
    referredContactPosition: referred ? officer.position : '',
    referredContactEmail: '',
    referredContactPhone: referred ? '416-808-2222' : '',
    referredContactMobilePhone: '',
  };
}
