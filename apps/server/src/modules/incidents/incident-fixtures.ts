import { randomUUID } from 'node:crypto';
import {
  type CorrectiveAction,
  type IncidentFields,
  type Item,
  type LegalEntity,
  type Person,
  REFERRED,
  type Vehicle,
} from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Test and benchmark data: a company's lookup ids by type and complete incident forms built from
 * them. Not used by the running server.
 */
export interface CompanyRefs {
  incidentClass: string;
  severityType: string;
  incidentCause: string;
  location: string;
  personType: string;
  department: string;
  genderType: string;
  vehicleInvolvement: string;
  /** A corrective action type that does not refer the matter on. */
  correctiveActionType: string;
  /** The corrective action type with the code REFERRED. */
  referredType: string;
  referredAgency: string;
  city: { id: string; name: string };
}

const TYPES = [
  'incidentClass',
  'severityType',
  'incidentCause',
  'location',
  'personType',
  'department',
  'genderType',
  'vehicleInvolvement',
  'referredAgency',
] as const;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The first lookup of every type the form uses in the company, and a seeded city. */
export async function companyRefs(database: Database, accountId: string): Promise<CompanyRefs> {
  return database.system(async (tx) => {
    const rows = rowsOf<{ id: string; type: string; code: string }>(
      await tx.execute(
        sql`select id, type, code from lookups where account_id = ${accountId} order by level, sort_order, name`,
      ),
    );
    const first = (type: string, code?: string) => {
      const row = rows.find((r) => r.type === type && (code === undefined || r.code === code));
      if (!row) throw new Error(`The company has no ${type} lookup${code === undefined ? '' : ` with code '${code}'`}`);
      return row.id;
    };
    const [city] = rowsOf<{ id: string; name: string }>(
      await tx.execute(sql`select id, name from cities order by name limit 1`),
    );
    if (!city) throw new Error('No cities seeded');
    const refs = Object.fromEntries(TYPES.map((type) => [type, first(type)])) as Record<(typeof TYPES)[number], string>;
    return {
      ...refs,
      correctiveActionType: first('correctiveActionType', ''),
      referredType: first('correctiveActionType', REFERRED),
      city,
    };
  });
}

const HOUR = 60 * 60 * 1000;

export function personCard(refs: CompanyRefs, n: number, overrides: Partial<Person> = {}): Person {
  return {
    id: randomUUID(),
    personId: null,
    isEmployee: n % 2 === 0,
    firstName: `First${n}`,
    middleName: 'Q',
    lastName: `Last${n}`,
    alias: `Alias ${n}`,
    position: 'Night clerk',
    lookupPersonTypeId: refs.personType,
    lookupDepartmentId: refs.department,
    lookupGenderTypeId: refs.genderType,
    dateOfBirth: '1980-02-29',
    unit: '12B',
    address: `${100 + n} Main Street`,
    street: 'Main Street',
    cityId: refs.city.id,
    cityName: refs.city.name,
    stateName: 'Ontario',
    countryCode: 'CA',
    postalCode: 'M5V 2T6',
    phone: '416-555-0100',
    mobilePhone: '416-555-0199',
    email: `person${n}@example.com`,
    personPicture: null,
    comments: 'Seen near the loading dock. '.repeat(10).trim(),
    duplicationChecked: true,
    statusInjury: true,
    statusFirstAid: true,
    statusHospitalized: false,
    statusRefusedHelp: false,
    relationReporter: n === 0,
    relationVictim: n === 1,
    relationPersonOfInterest: false,
    relationSuspect: n > 1,
    relationWitness: true,
    relationSubject: false,
    charHeight: '5 feet 9 inches',
    charWeight: '170',
    charHairColor: 'Brown',
    charHairLength: 'Short',
    charHairType: 'Curly',
    charFacialHair: 'Beard',
    charEyeGlasses: 'None',
    charOther: 'Tattoo of an anchor on the left forearm.',
    ...overrides,
  };
}

export function companyCard(refs: CompanyRefs, n: number, overrides: Partial<LegalEntity> = {}): LegalEntity {
  return {
    id: randomUUID(),
    personId: null,
    name: `Acme Supplies ${n}`,
    unit: '',
    address: '1 Industrial Road',
    street: 'Industrial Road',
    cityId: refs.city.id,
    cityName: refs.city.name,
    stateName: 'Ontario',
    countryCode: 'CA',
    postalCode: 'M1M 1M1',
    contact: 'Pat Doe',
    phone: '416-555-0111',
    mobilePhone: '',
    email: 'desk@acme.example',
    comments: 'Delivery company',
    isOwner: false,
    duplicationChecked: true,
    relationReporter: false,
    relationVictim: true,
    relationSubject: false,
    ...overrides,
  };
}

export function vehicleCard(refs: CompanyRefs, n: number, ownerPersonId: string | null): Vehicle {
  return {
    id: randomUUID(),
    ownerPersonId,
    licensePlate: `ABC ${100 + n}`,
    stateProvince: 'Ontario',
    maker: 'Ford',
    model: 'Transit',
    color: 'White',
    vin: `1FTBW2CM${n}GKA12345`,
    involvementId: refs.vehicleInvolvement,
    comments: 'Parked across two spaces.',
  };
}

export function itemCard(n: number, ownerPersonId: string | null): Item {
  return {
    id: randomUUID(),
    ownerPersonId,
    name: `Item ${n}`,
    status: 'stolen',
    company: 'Retail',
    brand: 'Sony',
    model: 'WH-1000',
    color: 'Black',
    serialNumber: `SN-${n}`,
    value: 19_999 + n,
    comments: 'Taken from the display.',
  };
}

export function correctiveActionCard(refs: CompanyRefs, n: number, involved: string[]): CorrectiveAction {
  const referred = n % 2 === 1;
  return {
    id: randomUUID(),
    typeId: referred ? refs.referredType : refs.correctiveActionType,
    displayType: referred ? REFERRED : '',
    involvedPersonList: involved,
    actionType: 'CREATE',
    details: `<p>Action ${n}: <strong>review</strong> the footage.</p>`,
    referredType: referred ? 'EXTERNAL' : '',
    referredInternalDepartmentId: null,
    referredExternalAgencyId: referred ? refs.referredAgency : null,
    referredContactFirstName: referred ? 'Sam' : '',
    referredContactMiddleName: '',
    referredContactLastName: referred ? 'Officer' : '',
    referredContactAlias: '',
    referredContactPosition: referred ? 'Constable' : '',
    referredContactEmail: referred ? 'sam@police.example' : '',
    referredContactPhone: referred ? '911' : '',
    referredContactMobilePhone: '',
  };
}

export interface FormSize {
  persons?: number;
  companies?: number;
  vehicles?: number;
  items?: number;
  correctiveActions?: number;
  summaryLength?: number;
}

/** A complete, valid form with every section filled; vehicles and items are owned by its parties. */
export function incidentForm(refs: CompanyRefs, size: FormSize = {}): IncidentFields {
  const persons = Array.from({ length: size.persons ?? 1 }, (_, n) => personCard(refs, n));
  const companies = Array.from({ length: size.companies ?? 1 }, (_, n) => companyCard(refs, n));
  const parties = [...persons, ...companies].map((card) => card.id);
  const owner = (n: number) => parties[n % Math.max(parties.length, 1)] ?? null;
  const sentence = 'The suspect entered through the east door and left with merchandise. ';
  const summaryText = sentence.repeat(Math.ceil((size.summaryLength ?? 200) / sentence.length));
  return {
    assignedUserId: null,
    reportedDate: new Date(Date.now() - HOUR).toISOString(),
    occurredDate: new Date(Date.now() - 2 * HOUR).toISOString(),
    occurredDateUncertain: false,
    lastClassId: refs.incidentClass,
    severityId: refs.severityType,
    primaryCauseId: refs.incidentCause,
    causeComments: '<p>Door <em>propped</em> open.</p>',
    summary: `<p>${summaryText.slice(0, size.summaryLength ?? 200)}</p>`,
    location: {
      address: '200 King Street',
      unit: '4',
      street: 'King Street',
      postalCode: 'M5H 1J9',
      cityId: refs.city.id,
      cityName: refs.city.name,
      stateName: 'Ontario',
      countryCode: 'CA',
      countryName: 'Canada',
      lastLocationId: refs.location,
    },
    persons,
    companies,
    vehicles: Array.from({ length: size.vehicles ?? 1 }, (_, n) => vehicleCard(refs, n, owner(n))),
    items: Array.from({ length: size.items ?? 1 }, (_, n) => itemCard(n, owner(n + 1))),
    attachments: [],
    correctiveActions: Array.from({ length: size.correctiveActions ?? 1 }, (_, n) =>
      correctiveActionCard(refs, n, parties.slice(0, 2)),
    ),
  };
}

/** The large draft of the save budget: 10 persons, 5 vehicles, 10 items, 3 corrective actions. */
export const largeIncidentForm = (refs: CompanyRefs) =>
  incidentForm(refs, { persons: 10, companies: 2, vehicles: 5, items: 10, correctiveActions: 3, summaryLength: 3000 });
