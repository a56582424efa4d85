import { randomUUID } from 'node:crypto';
import {
  type CompanyMatch,
  type LegalEntity,
  legalEntitySchema,
  type Person,
  type PersonMatch,
  personSchema,
  SEARCH_MESSAGES,
} from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { principalOf } from '../../../test/principal';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accountFolder } from '../../platform/storage';
import { registerParties } from './parties.service';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let headers: Record<string, string>;
/** The company's administrator: sees the private fields (PRIVACY_INFO_VIEW); staff get them masked. */
let adminHeaders: Record<string, string>;
/** Register ids of company A by first name (persons) or name (legal entities). */
const ids: Record<string, string> = {};
let bJohn: string;

const person = (fields: Partial<Person>) => personSchema.parse({ id: randomUUID(), ...fields });
const company = (fields: Partial<LegalEntity>) => legalEntitySchema.parse({ id: randomUUID(), ...fields });

async function register(of: TestCompany, name: string, persons: Person[], companies: LegalEntity[] = []) {
  return t.database.tenant(of.accountId, (tx) => registerParties(tx, principalOf(of.staff, name), persons, companies));
}

const get = (url: string, h = headers) => t.inject({ method: 'GET', url, headers: h });
const post = (url: string, payload: object, h = headers) => t.inject({ method: 'POST', url, headers: h, payload });
const names = (rows: PersonMatch[]) => rows.map((row) => `${row.firstName} ${row.lastName}`);

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Company A' });
  b = await t.createCompany({ name: 'Company B' });
  headers = await t.signIn(a.staff);
  adminHeaders = await t.signIn(a.admin);
  const picture = `${accountFolder(a.accountId)}/pictures/abc.jpg`;
  const saved = await register(
    a,
    'Company A',
    [
      person({
        firstName: 'Élodie',
        middleName: 'Marie',
        lastName: 'Dubois',
        alias: 'Lodi',
        position: 'Cashier',
        cityName: 'Montréal',
        stateName: 'Quebec',
        dateOfBirth: '1990-04-02',
        charHeight: '170',
        personPicture: picture,
        comments: 'Seen at the back door',
        relationWitness: true,
        statusInjury: true,
      }),
      person({ firstName: 'John', lastName: 'Smith', isEmployee: true }),
      person({ firstName: 'Johnny', lastName: 'Appleseed' }),
      person({ firstName: 'Anna', lastName: 'Johnson' }),
      ...Array.from({ length: 25 }, (_, i) => person({ firstName: 'Zed', lastName: `Number ${i}` })),
    ],
    [company({ name: 'Acme, Inc.', contact: 'Road Runner', cityName: 'Toronto' }), company({ name: 'Acmé Holdings' })],
  );
  for (const card of [...saved.persons, ...saved.companies]) {
    ids['firstName' in card ? card.firstName : card.name] = card.personId ?? '';
  }
  const other = await register(b, 'Company B', [person({ firstName: 'John', lastName: 'Smith' })]);
  bJohn = other.persons[0]?.personId ?? '';
});
afterAll(() => t.close());

describe('GET /api/persons/search', () => {
  it('finds persons by partial names, case and accents ignored, whole words first', async () => {
    for (const [query, expected] of [
      ['elodie', 'Élodie Dubois'],
      ['DUB', 'Élodie Dubois'],
      ['lodi', 'Élodie Dubois'],
      ['marie dub', 'Élodie Dubois'],
    ] as const) {
      const response = await get(`/api/persons/search?name=${encodeURIComponent(query)}`);
      expect(response.statusCode, query).toBe(200);
      expect(names(response.json()), query).toEqual([expected]);
    }
    const john = await get('/api/persons/search?name=john');
    expect(names(john.json())).toEqual(['John Smith', 'Anna Johnson', 'Johnny Appleseed']);
    const inside = await get('/api/persons/search?name=ohn');
    expect(names(inside.json()).sort()).toEqual(['Anna Johnson', 'John Smith', 'Johnny Appleseed']);
  });

  it('answers the fields of a match and never another company’s persons', async () => {
    const response = await get('/api/persons/search?name=smith', adminHeaders);
    expect(response.json()).toEqual([
      {
        personId: ids.John,
        firstName: 'John',
        middleName: '',
        lastName: 'Smith',
        alias: '',
        isEmployee: true,
        position: '',
        cityName: '',
        stateName: '',
        lastSeenDate: expect.any(String),
      },
    ]);
    expect(response.json<PersonMatch[]>().map((row) => row.personId)).not.toContain(bJohn);
    const elodie = await get('/api/persons/search?name=elodie', adminHeaders);
    expect(elodie.json()).toEqual([expect.objectContaining({ position: 'Cashier', cityName: 'Montréal' })]);
  });

  it('answers at most 20, and an empty list when nothing matches', async () => {
    expect((await get('/api/persons/search?name=zed')).json()).toHaveLength(20);
    const none = await get('/api/persons/search?name=nobody%25at_all');
    expect([none.statusCode, none.json()]).toEqual([200, []]);
  });

  it(`answers 400 '${SEARCH_MESSAGES.personNameRequired}' to an empty name`, async () => {
    for (const query of ['', '?name=', '?name=%20%20']) {
      const response = await get(`/api/persons/search${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: SEARCH_MESSAGES.personNameRequired });
    }
  });

  it('answers 401 without a session and 403 to users who cannot fill in the form', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/persons/search?name=john' })).statusCode).toBe(401);
    const reader = await t.signIn(await t.createUser(a.accountId, { privileges: ['ALLINCIDENT_SEARCH'] }));
    for (const url of ['/api/persons/search?name=john', '/api/companies/search?name=acme', '/api/companies/owner']) {
      expect((await get(url, reader)).statusCode, url).toBe(403);
    }
    const editor = await t.signIn(await t.createUser(a.accountId, { privileges: ['ALLINCIDENT_EDIT'] }));
    expect((await get('/api/persons/search?name=john', editor)).statusCode).toBe(200);
  });
});

describe('GET /api/companies/search', () => {
  it('finds legal entities by partial name, accents ignored', async () => {
    const response = await get('/api/companies/search?name=acme');
    expect(response.statusCode).toBe(200);
    const rows = response.json<CompanyMatch[]>();
    expect(rows.map((row) => row.name).sort()).toEqual(['Acme, Inc.', 'Acmé Holdings']);
    expect(rows.find((row) => row.name === 'Acme, Inc.')).toEqual({
      personId: ids['Acme, Inc.'],
      name: 'Acme, Inc.',
      contact: 'Road Runner',
      cityName: 'Toronto',
      stateName: '',
      isOwner: false,
      lastSeenDate: expect.any(String),
    });
    expect((await get('/api/companies/search?name=smith')).json()).toEqual([]);
  });

  it(`answers 400 '${SEARCH_MESSAGES.companyNameRequired}' to an empty name`, async () => {
    const response = await get('/api/companies/search?name=');
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: SEARCH_MESSAGES.companyNameRequired });
  });
});

describe('duplication checks', () => {
  it('match persons with the same first and last name whose middle names do not differ', async () => {
    const check = async (body: object) =>
      names((await post('/api/persons/duplicationCheck', body)).json<PersonMatch[]>());
    expect(await check({ firstName: 'elodie', lastName: 'DUBOIS' })).toEqual(['Élodie Dubois']);
    expect(await check({ firstName: 'Elodie', middleName: 'M.', lastName: 'Dubois' })).toEqual(['Élodie Dubois']);
    expect(await check({ firstName: 'Elodie', middleName: 'Zoé', lastName: 'Dubois' })).toEqual([]);
    expect(await check({ firstName: 'Elo', lastName: 'Dubois' })).toEqual([]);
    const johns = await post('/api/persons/duplicationCheck', { firstName: 'John', lastName: 'Smith' });
    expect(johns.json<PersonMatch[]>().map((row) => row.personId)).toEqual([ids.John]);
    expect(await check({})).toEqual([]);
  });

  it('match legal entities with the same name ignoring case, accents, spaces and punctuation', async () => {
    const check = async (name: string) =>
      (await post('/api/companies/duplicationCheck', { name })).json<CompanyMatch[]>().map((row) => row.name);
    expect(await check('ACME inc')).toEqual(['Acme, Inc.']);
    expect(await check('acme holdings')).toEqual(['Acmé Holdings']);
    expect(await check('Acme')).toEqual([]);
    expect(await check('')).toEqual([]);
  });

  it('answer 400 to names over 100 characters and 403 without a form privilege', async () => {
    const long = await post('/api/companies/duplicationCheck', { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    const reader = await t.signIn(await t.createUser(a.accountId, { privileges: ['MYINCIDENT_SEARCH'] }));
    expect((await post('/api/persons/duplicationCheck', { firstName: 'John' }, reader)).statusCode).toBe(403);
  });
});

describe('POST /api/incidents/persons and /companies', () => {
  it('answers a new card with the register details and the incident flags off', async () => {
    const response = await post('/api/incidents/persons', { personId: ids.Élodie }, adminHeaders);
    expect(response.statusCode).toBe(200);
    const card = response.json<Person & { personPictureSasKey: string | null }>();
    expect(card.id).not.toBe(ids.Élodie);
    expect(card).toMatchObject({
      personId: ids.Élodie,
      firstName: 'Élodie',
      middleName: 'Marie',
      alias: 'Lodi',
      dateOfBirth: '1990-04-02',
      charHeight: '170',
      duplicationChecked: true,
      relationWitness: false,
      statusInjury: false,
      comments: '',
    });
    expect(card.personPictureSasKey).toMatch(/^\/api\/files\/.+\/pictures\/abc\.jpg\?a=/);
    const entity = await post('/api/incidents/companies', { personId: ids['Acme, Inc.'] });
    expect(entity.json()).toMatchObject({ personId: ids['Acme, Inc.'], name: 'Acme, Inc.', contact: 'Road Runner' });
  });

  it("answers 404 to another company's entry, a random id or an entry of the other type", async () => {
    for (const [url, personId] of [
      ['/api/incidents/persons', bJohn],
      ['/api/incidents/persons', randomUUID()],
      ['/api/incidents/persons', ids['Acme, Inc.']],
      ['/api/incidents/companies', ids.John],
    ] as const) {
      const response = await post(url, { personId });
      expect(response.statusCode, `${url} ${personId}`).toBe(404);
      expect(response.json<{ code: string }>().code).toBe('NOT_FOUND');
    }
    const bad = await post('/api/incidents/persons', { personId: 'nope' });
    expect(bad.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
  });
});

describe('GET /api/companies/owner', () => {
  it("answers the account's own company, created once even when asked at the same time", async () => {
    const other = await t.createCompany({ name: 'Owner Test Ltd' });
    const h = await t.signIn(other.staff);
    const answers = await Promise.all([1, 2, 3].map(() => get('/api/companies/owner', h)));
    const first = answers[0]?.json<{ data: { id: string; name: string } }>();
    expect(first?.data.name).toBe('Owner Test Ltd');
    for (const answer of answers) expect(answer.json()).toEqual(first);
    const search = await get('/api/companies/search?name=owner', h);
    expect(search.json()).toEqual([expect.objectContaining({ personId: first?.data.id, isOwner: true })]);
  });
});
