import { randomUUID } from 'node:crypto';
import type { Draft, IncidentFields } from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs, incidentForm } from '../../../../test/fixtures/incident-fixtures';
import { submitIncident } from '../../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../../test/test-app';
import { draftIncidents, parties } from '../../../db/schema/index';
import { PERSON_TYPE } from '../../parties/party-details';

/**
 * Ids inside a draft's data are checked as strictly as ids in paths when the draft is saved, not
 * only at submit: another company's lookup, investigator or register entry is refused with 400.
 */

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let refs: CompanyRefs;
let bRefs: CompanyRefs;
let headers: Record<string, string>;
let draftId: string;
/** Register entries of company B, and a legal entity of company A. */
let bPersonId: string;
let bCompanyId: string;
let aCompanyId: string;

const save = (data: IncidentFields) =>
  t.inject({ method: 'PUT', url: '/api/draftIncidents', headers, payload: { id: draftId, data } });
const submit = (data: IncidentFields) => t.inject({ method: 'POST', url: '/api/incidents', headers, payload: data });
const storedData = async () =>
  (await t.database.system((tx) => tx.select().from(draftIncidents).where(eq(draftIncidents.id, draftId))))[0]?.data;
const partyOf = async (accountId: string, personType: number) => {
  const [row] = await t.database.system((tx) =>
    tx
      .select({ id: parties.id })
      .from(parties)
      .where(and(eq(parties.accountId, accountId), eq(parties.personType, personType))),
  );
  if (!row) throw new Error('no register entry');
  return row.id;
};

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Refs A', concurrentUserCount: 20 });
  b = await t.createCompany({ name: 'Refs B' });
  refs = await companyRefs(t.database, a.accountId);
  bRefs = await companyRefs(t.database, b.accountId);
  headers = await t.signIn(a.staff);
  await submitIncident(t, headers, refs);
  await submitIncident(t, await t.signIn(b.staff), bRefs);
  bPersonId = await partyOf(b.accountId, PERSON_TYPE.PERSON);
  bCompanyId = await partyOf(b.accountId, PERSON_TYPE.LEGAL_ENTITY);
  aCompanyId = await partyOf(a.accountId, PERSON_TYPE.LEGAL_ENTITY);
  draftId = (await t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload: {} })).json<Draft>().id;
});
afterAll(() => t.close());

/** One change of a valid form, and the message it must be refused with. */
type Case = [string, (fields: IncidentFields) => IncidentFields, string];

const person = (fields: IncidentFields, change: Partial<IncidentFields['persons'][number]>) => ({
  ...fields,
  persons: fields.persons.map((card, i) => (i === 0 ? { ...card, ...change } : card)),
});
const action = (fields: IncidentFields, change: Partial<IncidentFields['correctiveActions'][number]>) => ({
  ...fields,
  correctiveActions: fields.correctiveActions.map((card, i) => (i === 0 ? { ...card, ...change } : card)),
});

const FOREIGN: () => Case[] = () => [
  ['class', (f) => ({ ...f, lastClassId: bRefs.incidentClass }), 'The selected incident class does not exist.'],
  ['severity', (f) => ({ ...f, severityId: bRefs.severityType }), 'The selected severity does not exist.'],
  ['root cause', (f) => ({ ...f, primaryCauseId: bRefs.incidentCause }), 'The selected root cause does not exist.'],
  [
    'location',
    (f) => ({ ...f, location: { ...f.location, lastLocationId: bRefs.location } }),
    'The selected location does not exist.',
  ],
  [
    'person type',
    (f) => person(f, { lookupPersonTypeId: bRefs.personType }),
    'The person type of person 1 does not exist.',
  ],
  [
    'department',
    (f) => person(f, { lookupDepartmentId: bRefs.department }),
    'The department of person 1 does not exist.',
  ],
  ['gender', (f) => person(f, { lookupGenderTypeId: bRefs.genderType }), 'The gender of person 1 does not exist.'],
  [
    'vehicle involvement',
    (f) => ({ ...f, vehicles: f.vehicles.map((v) => ({ ...v, involvementId: bRefs.vehicleInvolvement })) }),
    'The involvement of vehicle 1 does not exist.',
  ],
  [
    'corrective action type',
    (f) => action(f, { typeId: bRefs.correctiveActionType }),
    'The type of corrective action 1 does not exist.',
  ],
  [
    'referred agency',
    (f) => action(f, { referredExternalAgencyId: bRefs.referredAgency }),
    'The referred agency of corrective action 1 does not exist.',
  ],
  [
    'referred department',
    (f) => action(f, { referredInternalDepartmentId: bRefs.department }),
    'The referred department of corrective action 1 does not exist.',
  ],
  [
    'investigator',
    (f) => ({ ...f, assignedUserId: b.staff.id }),
    'The selected investigator is not an active user of the company.',
  ],
  ['register person', (f) => person(f, { personId: bPersonId }), "Person 1 is not a person of the company's register."],
  [
    'register legal entity',
    (f) => ({ ...f, companies: f.companies.map((c) => ({ ...c, personId: bCompanyId })) }),
    "Legal entity 1 is not a legal entity of the company's register.",
  ],
];

describe('PUT /api/draftIncidents with ids of another company', () => {
  it('saves a draft that names only the company’s own lookups, investigator, cities and register entries', async () => {
    const fields = { ...incidentForm(refs), assignedUserId: a.admin.id };
    const response = await save(fields);
    expect(response.statusCode, response.body).toBe(200);
    // And an empty draft still saves (nothing to look up).
    expect((await save({ ...fields, ...emptyRefs(fields) })).statusCode).toBe(200);
  });

  it.each(FOREIGN().map(([name]) => name))(
    "refuses another company's %s with 400 and keeps the saved data",
    async (name) => {
      const [, change, message] = FOREIGN().find(([n]) => n === name) as Case;
      const valid = incidentForm(refs);
      expect((await save(valid)).statusCode).toBe(200);
      const before = await storedData();
      const response = await save(change(valid));
      expect([response.statusCode, response.json()]).toEqual([400, { code: 'BAD_REQUEST', message }]);
      expect(await storedData()).toEqual(before);
    },
  );

  it('refuses a lookup of the wrong type, an unknown city and a register entry of the other kind', async () => {
    const valid = incidentForm(refs);
    const cases: Case[] = [
      ['wrong type', (f) => ({ ...f, lastClassId: refs.severityType }), 'The selected incident class does not exist.'],
      [
        'unknown city',
        (f) => ({ ...f, location: { ...f.location, cityId: randomUUID() } }),
        'The city of the location does not exist.',
      ],
      ['other kind', (f) => person(f, { personId: aCompanyId }), "Person 1 is not a person of the company's register."],
      ['unknown id', (f) => ({ ...f, severityId: randomUUID() }), 'The selected severity does not exist.'],
    ];
    for (const [name, change, message] of cases) {
      const response = await save(change(valid));
      expect([response.statusCode, response.json()], name).toEqual([400, { code: 'BAD_REQUEST', message }]);
    }
  });

  it('keeps a deactivated investigator in a draft, and refuses them at submit', async () => {
    const former = await t.createUser(a.accountId, { status: 2 });
    const fields = { ...incidentForm(refs), assignedUserId: former.id };
    expect((await save(fields)).statusCode).toBe(200);
    const submitted = await submit(fields);
    expect(submitted.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'The selected investigator is not an active user of the company.',
    });
  });
});

describe('POST /api/incidents with a register entry of another company', () => {
  it('refuses it with 400 instead of adopting or silently replacing it, and leaves the entry alone', async () => {
    const [before] = await t.database.system((tx) => tx.select().from(parties).where(eq(parties.id, bPersonId)));
    const response = await submit(person(incidentForm(refs), { personId: bPersonId, firstName: 'Planted' }));
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { code: 'BAD_REQUEST', message: "Person 1 is not a person of the company's register." },
    ]);
    const [after] = await t.database.system((tx) => tx.select().from(parties).where(eq(parties.id, bPersonId)));
    expect(after).toEqual(before);
  });
});

/** The form's fields that name stored rows, emptied. */
function emptyRefs(fields: IncidentFields): Partial<IncidentFields> {
  return {
    assignedUserId: null,
    lastClassId: null,
    severityId: null,
    primaryCauseId: null,
    location: { ...fields.location, cityId: null, lastLocationId: null },
    persons: [],
    companies: [],
    vehicles: [],
    items: [],
    correctiveActions: [],
  };
}
