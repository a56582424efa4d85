import { randomUUID } from 'node:crypto';
import type { Draft, IncidentFields, Person } from '@blotter/shared';
import type { LightMyRequestResponse } from 'fastify';
import { cities, lookups, notifications } from '../src/db/schema/index';
import { searchText } from '../src/modules/parties/party-details';
import { type CompanyRefs, companyRefs, incidentForm } from './fixtures/incident-fixtures';
import { storeWorkingCopy } from './incidents';
import type { TestCompany, TestContext } from './test-app';

/**
 * The data of the private-field walk (privacy-walk.test.ts): a company whose marked person (every
 * private field holds a unique marker) is recorded on incidents, in the register and in working
 * copies, and the markers the walk looks for.
 */
export interface Seed {
  company: TestCompany;
  refs: CompanyRefs;
  /** Open, edited once (history CREATE + EDIT). */
  openId: string;
  openNumber: number;
  /** Closed and locked. */
  lockedId: string;
  /** Open; the walk closes, locks, unlocks, reopens it. */
  spareId: string;
  /** Open; the walk deletes it. */
  doomedId: string;
  registerId: string;
  /** A legal entity of the register. */
  companyId: string;
  genderId: string;
  cityId: string;
}

/** Marker values of the person's private fields; each is unique to this test. */
export const MARKER = {
  dateOfBirth: '1903-07-19',
  unit: 'PVunit41',
  address: 'PVaddress41 Lane',
  street: 'PVstreet41',
  cityName: 'PVcity41ville',
  stateName: 'PVstate41',
  countryCode: 'ZQ',
  postalCode: 'PV41X',
  phone: '555-410-4141',
  mobilePhone: '555-420-4242',
  email: 'pvmail41@marker.example',
} as const;
const GENDER_NAME = 'PVgender41';

/**
 * What to look for in the answers: a text per marker. Ids are looked for quoted (a JSON value),
 * the country code as a JSON field or a printed word, the date also as its year (printed dates
 * follow the company's format). `allowedIn`: answers that legitimately list the value apart from
 * any person (the gender lookup is one of the company's lookups).
 */
export function needles(seed: Seed): { field: string; text: string | RegExp; pdfOnly?: true; allowedIn?: string[] }[] {
  return [
    { field: 'dateOfBirth', text: MARKER.dateOfBirth },
    // Printed forms are looked for in PDF text only (JSON is full of ids with digit groups).
    { field: 'dateOfBirth (printed)', text: /\b1903\b/, pdfOnly: true },
    { field: 'lookupGenderTypeId', text: `"${seed.genderId}"`, allowedIn: ['GET /commons/initData'] },
    { field: 'lookupGenderTypeId (printed)', text: GENDER_NAME, allowedIn: ['GET /commons/initData'] },
    { field: 'unit', text: MARKER.unit },
    { field: 'address', text: MARKER.address },
    { field: 'street', text: MARKER.street },
    { field: 'cityId', text: `"${seed.cityId}"` },
    { field: 'cityName', text: MARKER.cityName },
    { field: 'stateName', text: MARKER.stateName },
    { field: 'countryCode', text: '"countryCode":"ZQ"' },
    { field: 'countryCode (printed)', text: /\bZQ\b/, pdfOnly: true },
    { field: 'postalCode', text: MARKER.postalCode },
    { field: 'phone', text: MARKER.phone },
    { field: 'mobilePhone', text: MARKER.mobilePhone },
    { field: 'email', text: MARKER.email },
  ];
}

const ok = (r: LightMyRequestResponse, what: string) => {
  if (r.statusCode >= 300) throw new Error(`${what} answered ${r.statusCode}: ${r.body}`);
  return r;
};

/** One company with the marked person everywhere; `author` (who sees private fields) records it all. */
export async function seedCompany(t: TestContext, name: string): Promise<Seed> {
  const company = await t.createCompany({ name, concurrentUserCount: 100 });
  const refs = await companyRefs(t.database, company.accountId);
  const author = await t.signIn(company.admin);
  const cityId = randomUUID();
  const [gender] = await t.database.system(async (tx) => {
    await tx.insert(cities).values({
      id: cityId,
      name: MARKER.cityName,
      searchName: searchText(MARKER.cityName),
      stateCode: 'ON',
      countryCode: 'CA',
    });
    await tx
      .insert(notifications)
      .values({ accountId: company.accountId, message: 'Walk notice', notificationType: 'GENERAL', level: 'INFO' });
    return tx
      .insert(lookups)
      .values({ accountId: company.accountId, type: 'genderType', name: GENDER_NAME })
      .returning({ id: lookups.id });
  });
  if (!gender) throw new Error('no gender lookup');
  const marked = (fields: IncidentFields, personId: string | null = null): IncidentFields => ({
    ...fields,
    persons: fields.persons.map((card, n) =>
      n === 0
        ? {
            ...card,
            ...MARKER,
            personId,
            // Not an employee: the printout shows a non-employee's address.
            isEmployee: false,
            firstName: 'Walker',
            lastName: 'Marked',
            cityId,
            lookupGenderTypeId: gender.id,
          }
        : card,
    ),
  });
  const submit = async (fields: IncidentFields) =>
    ok(await t.inject({ method: 'POST', url: '/api/incidents', headers: author, payload: fields }), 'submit').json<{
      id: string;
      number: number;
    }>();

  const open = await submit(marked(incidentForm(refs, { persons: 2 })));
  const [row] = (await t.inject({ method: 'GET', url: `/api/incidents/${open.id}/persons`, headers: author })).json<
    Person[]
  >();
  const registerId = row?.personId ?? '';
  const [entity] = (
    await t.inject({ method: 'GET', url: `/api/incidents/${open.id}/companies`, headers: author })
  ).json<{ personId: string }[]>();
  // An edit: history holds the person twice (CREATE, EDIT).
  const openDraft = ok(
    await t.inject({ method: 'POST', url: '/api/draftIncidents', headers: author, payload: { incidentId: open.id } }),
    'open-draft',
  ).json<Draft>();
  const edited = { ...openDraft.data, summary: '<p>Edited once.</p>' };
  ok(
    await t.inject({
      method: 'PUT',
      url: '/api/incidents',
      headers: author,
      payload: { ...edited, id: open.id, draftId: openDraft.id },
    }),
    'edit',
  );
  // Closed and locked, the person taken from the register.
  const locked = await submit(marked(incidentForm(refs, { persons: 1 }), registerId));
  ok(
    await t.inject({
      method: 'POST',
      url: `/api/incidents/close/${locked.id}`,
      headers: author,
      payload: { closedBy: 'USER', closeComments: 'Done.' },
    }),
    'close',
  );
  ok(await t.inject({ method: 'POST', url: `/api/incidents/lock/${locked.id}`, headers: author }), 'lock');
  const spare = await submit(marked(incidentForm(refs, { persons: 1 }), registerId));
  const doomed = await submit(marked(incidentForm(refs, { persons: 1 }), registerId));
  // The author's own working copies hold the markers too (a new draft and an open-draft).
  const draft = ok(
    await t.inject({ method: 'POST', url: '/api/draftIncidents', headers: author, payload: {} }),
    'draft',
  ).json<Draft>();
  ok(
    await t.inject({
      method: 'PUT',
      url: '/api/draftIncidents',
      headers: author,
      payload: { id: draft.id, data: marked(incidentForm(refs, { persons: 1 }), registerId) },
    }),
    'draft save',
  );
  await storeWorkingCopy(t, author, spare.id);
  return {
    company,
    refs,
    openId: open.id,
    openNumber: open.number,
    lockedId: locked.id,
    spareId: spare.id,
    doomedId: doomed.id,
    registerId,
    companyId: entity?.personId ?? '',
    genderId: gender.id,
    cityId,
  };
}
