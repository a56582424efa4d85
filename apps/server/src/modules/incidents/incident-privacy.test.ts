import {
  type Draft,
  type IncidentFields,
  type Person,
  type PersonMatch,
  PRIVATE_PERSON_FIELDS,
  PRIVILEGES,
} from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs, personCard } from '../../../test/fixtures/incident-fixtures';
import { submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { draftIncidents, incidentPersons, parties } from '../../db/schema/index';

/*
 * Private person fields (PRIVATE_PERSON_FIELDS) without PRIVACY_INFO_VIEW: masked in the form's
 * answers (register card, working copies, search and duplicate lists), and kept as stored when
 * the masked card is saved back.
 */

let t: TestContext;
let a: TestCompany;
let refs: CompanyRefs;
/** Every incident privilege but PRIVACY_INFO_VIEW. */
let plain: Record<string, string>;
/** The same plus PRIVACY_INFO_VIEW. */
let privy: Record<string, string>;
let incident: { id: string; fields: IncidentFields };
let registerId: string;

const PRIVATE: Partial<Person> = {
  dateOfBirth: '1971-03-04',
  unit: 'Apt 7Q',
  address: '77 Secret Road',
  street: 'Secret Road',
  cityName: 'Hiddenville',
  stateName: 'Quietshire',
  postalCode: 'Z9Z 9Z9',
  phone: '555-7777',
  mobilePhone: '555-8888',
  email: 'secret@example.com',
};
const privateOf = (card: Person) => Object.fromEntries(PRIVATE_PERSON_FIELDS.map((field) => [field, card[field]]));

const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
const ok = async <T>(response: Promise<{ statusCode: number; body: string; json: <J>() => J }>) => {
  const r = await response;
  expect(r.statusCode, r.body).toBe(200);
  return r.json<T>();
};
const storedDraft = async (id: string) => {
  const [row] = await t.database.system((tx) => tx.select().from(draftIncidents).where(eq(draftIncidents.id, id)));
  return row?.data as IncidentFields;
};
const storedPersons = (incidentId: string) =>
  t.database.system((tx) =>
    tx
      .select()
      .from(incidentPersons)
      .where(eq(incidentPersons.incidentId, incidentId))
      .orderBy(incidentPersons.position),
  );

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Privacy A', concurrentUserCount: 100 });
  refs = await companyRefs(t.database, a.accountId);
  const all = PRIVILEGES.filter((code) => code !== 'PRIVACY_INFO_VIEW');
  plain = await t.signIn(await t.createUser(a.accountId, { privileges: all }));
  privy = await t.signIn(await t.createUser(a.accountId, { privileges: PRIVILEGES }));
  incident = await submitIncident(t, privy, refs, { persons: 1 }, (fields) => ({
    ...fields,
    persons: fields.persons.map((card) => ({ ...card, ...PRIVATE, firstName: 'Ursula', lastName: 'Privet' })),
  }));
  const [row] = await storedPersons(incident.id);
  registerId = row?.personId ?? '';
  expect(registerId).not.toBe('');
});
afterAll(() => t.close());

describe('answers without PRIVACY_INFO_VIEW', () => {
  it('POST /incidents/persons masks the register card, and answers it whole with the privilege', async () => {
    const masked = await ok<Person>(call(plain, 'POST', 'incidents/persons', { personId: registerId }));
    expect(masked).toMatchObject({ personId: registerId, firstName: 'Ursula', privateHidden: true });
    for (const field of PRIVATE_PERSON_FIELDS) expect(masked[field], field).toSatisfy((v) => v === '' || v === null);
    const whole = await ok<Person>(call(privy, 'POST', 'incidents/persons', { personId: registerId }));
    expect(whole).toMatchObject({ ...PRIVATE, lookupGenderTypeId: refs.genderType });
    expect(whole.privateHidden).toBeUndefined();
  });

  it('person search and duplication check leave out the city and state', async () => {
    const search = await ok<PersonMatch[]>(call(plain, 'GET', 'persons/search?name=Ursula'));
    const duplicates = await ok<PersonMatch[]>(
      call(plain, 'POST', 'persons/duplicationCheck', { firstName: 'Ursula', lastName: 'Privet' }),
    );
    for (const list of [search, duplicates]) {
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ personId: registerId, firstName: 'Ursula' });
      expect(JSON.stringify(list)).not.toMatch(/Hiddenville|Quietshire/);
    }
    const seen = await ok<PersonMatch[]>(call(privy, 'GET', 'persons/search?name=Ursula'));
    expect(seen[0]).toMatchObject({ cityName: 'Hiddenville', stateName: 'Quietshire' });
  });

  it('the working copy of an open incident is masked (POST and GET), and whole with the privilege', async () => {
    const created = await ok<Draft>(call(plain, 'POST', 'draftIncidents', { incidentId: incident.id }));
    // Opening stores nothing: the first save stores the copy, which is then read back.
    await ok(call(plain, 'PUT', 'draftIncidents', firstSave(created)));
    const read = await ok<Draft>(call(plain, 'GET', `draftIncidents/${created.id}`));
    for (const draft of [created, read]) {
      expect(draft.data.persons[0]).toMatchObject({ firstName: 'Ursula', privateHidden: true, phone: '', email: '' });
      expect(JSON.stringify(draft)).not.toMatch(/Secret Road|555-7777|1971-03-04|Hiddenville/);
    }
    const own = await ok<Draft>(call(privy, 'POST', 'draftIncidents', { incidentId: incident.id }));
    expect(own.data.persons[0]).toMatchObject(PRIVATE);
    expect(own.data.persons[0]?.privateHidden).toBeUndefined();
  });
});

/** The first save of a working copy opened from an incident: it names the incident and its base version. */
const firstSave = (copy: Draft, data = copy.data) => ({
  id: copy.id,
  data,
  incidentId: copy.incidentId,
  baseVersion: copy.baseVersion,
});

describe('keep-on-save without PRIVACY_INFO_VIEW', () => {
  it('saving the masked working copy keeps the stored values; a new card typed by the user stays theirs', async () => {
    const draft = await ok<Draft>(call(plain, 'POST', 'draftIncidents', { incidentId: incident.id }));
    const [masked] = draft.data.persons;
    if (!masked) throw new Error('no card');
    // Even a client that drops the flag and types over the blanks does not change the stored values.
    const { privateHidden: _flag, ...unflagged } = masked;
    const typed = personCard(refs, 1, { firstName: 'Newton', phone: '555-1234', email: 'newton@example.com' });
    const data = {
      ...draft.data,
      persons: [{ ...unflagged, comments: 'Edited by plain', phone: '000-0000' }, typed],
    };
    await ok(call(plain, 'PUT', 'draftIncidents', firstSave(draft, data)));

    const stored = await storedDraft(draft.id);
    expect(stored.persons[0]).toMatchObject({ ...PRIVATE, comments: 'Edited by plain' });
    expect(stored.persons[0]).not.toHaveProperty('privateHidden');
    expect(stored.persons[1]).toMatchObject({ firstName: 'Newton', phone: '555-1234' });

    // The user's own new card is answered as typed; the incident's card stays masked.
    const read = await ok<Draft>(call(plain, 'GET', `draftIncidents/${draft.id}`));
    expect(read.data.persons[0]).toMatchObject({ privateHidden: true, phone: '' });
    expect(read.data.persons[1]).toMatchObject({ firstName: 'Newton', phone: '555-1234' });
    expect(read.data.persons[1]?.privateHidden).toBeUndefined();

    // Saving the incident from the masked copy keeps the incident's and the register's values.
    await ok(call(plain, 'PUT', 'incidents', { ...read.data, id: incident.id, draftId: draft.id }));
    const [kept, added] = await storedPersons(incident.id);
    expect(kept?.data).toMatchObject({ ...PRIVATE, comments: 'Edited by plain' });
    expect(kept?.data).not.toHaveProperty('privateHidden');
    expect(added?.data).toMatchObject({ firstName: 'Newton', phone: '555-1234' });
    const [entry] = await t.database.system((tx) => tx.select().from(parties).where(eq(parties.id, registerId)));
    expect(entry?.data).toMatchObject(PRIVATE);
  });

  it('a register person added to a new draft keeps the register values in the draft and on submit', async () => {
    const draft = await ok<Draft>(call(plain, 'POST', 'draftIncidents', {}));
    const card = await ok<Person>(call(plain, 'POST', 'incidents/persons', { personId: registerId }));
    expect(card.privateHidden).toBe(true);
    // The fixture's card id, so that the vehicles and items it owns still name a card of the form.
    const data = {
      ...incident.fields,
      persons: [{ ...card, id: incident.fields.persons[0]?.id ?? '' }],
      attachments: [],
    };
    await ok(call(plain, 'PUT', 'draftIncidents', { id: draft.id, data }));
    expect(privateOf((await storedDraft(draft.id)).persons[0] as Person)).toMatchObject(PRIVATE);

    const created = await ok<{ id: string }>(call(plain, 'POST', 'incidents', { ...data, draftId: draft.id }));
    const [row] = await storedPersons(created.id);
    expect(row?.personId).toBe(registerId);
    expect(row?.data).toMatchObject(PRIVATE);
  });

  it('with PRIVACY_INFO_VIEW the values sent are saved (blanks included)', async () => {
    const draft = await ok<Draft>(call(privy, 'POST', 'draftIncidents', { incidentId: incident.id }));
    const persons = draft.data.persons.map((card, n) => (n === 0 ? { ...card, phone: '', privateHidden: true } : card));
    await ok(call(privy, 'PUT', 'draftIncidents', firstSave(draft, { ...draft.data, persons })));
    const stored = (await storedDraft(draft.id)).persons[0];
    expect(stored?.phone).toBe('');
    expect(stored).not.toHaveProperty('privateHidden');
  });
});
