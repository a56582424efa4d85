import { randomUUID } from 'node:crypto';
import type { LookupAddress } from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries, cities, lookups } from '../../db/schema/index';
import { LOOKUP_ADDRESS_MESSAGES } from './lookup-addresses.service';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let admin: Record<string, string>;
let locations: string[];
let bLocation: string;
let classId: string;
let city: { id: string; name: string; countryCode: string };

async function lookupIds(accountId: string, type: string) {
  const rows = await t.database.system((tx) =>
    tx
      .select({ id: lookups.id })
      .from(lookups)
      .where(and(eq(lookups.accountId, accountId), eq(lookups.type, type))),
  );
  return rows.map((row) => row.id);
}
const addressIdOf = async (lookupId: string) =>
  (await t.database.system((tx) => tx.select().from(lookups).where(eq(lookups.id, lookupId))))[0]?.addressId;

const call = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: object, headers = admin) =>
  t.inject({ method, url: `/api/lookupAddresses${url}`, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany();
  b = await t.createCompany();
  admin = await t.signIn(a.admin);
  locations = await lookupIds(a.accountId, 'location');
  [bLocation = ''] = await lookupIds(b.accountId, 'location');
  [classId = ''] = await lookupIds(a.accountId, 'incidentClass');
  const [row] = await t.database.system((tx) =>
    tx.select({ id: cities.id, name: cities.name, countryCode: cities.countryCode }).from(cities).limit(1),
  );
  if (!row) throw new Error('no cities seeded');
  city = row;
});
afterAll(() => t.close());

describe('lookup addresses', () => {
  it('attach an address to a location, read, change and remove it', async () => {
    const location = locations[0] ?? '';
    const created = await call('POST', '', {
      lookupLocationId: location,
      name: 'Head office',
      address: '100',
      street: 'King St W',
      cityId: city.id,
      cityName: 'Forged',
      postalCode: 'M5X 1A9',
    });
    expect(created.statusCode).toBe(200);
    const address = created.json<LookupAddress>();
    expect(address).toMatchObject({ lookupLocationId: location, name: 'Head office', cityId: city.id });
    // City details come from the reference data, not from the client.
    expect([address.cityName, address.countryCode]).toEqual([city.name, city.countryCode]);
    expect(await addressIdOf(location)).toBe(address.id);

    const staff = await t.signIn(a.staff);
    const read = await call('GET', `/${address.id}`, undefined, staff);
    expect([read.statusCode, read.json()]).toEqual([200, address]);

    const moved = await call('PUT', '', { ...address, lookupLocationId: locations[1], unit: '12', cityId: '' });
    expect(moved.json()).toMatchObject({ unit: '12', cityId: null, lookupLocationId: locations[1] });
    expect(await addressIdOf(location)).toBeNull();
    expect(await addressIdOf(locations[1] ?? '')).toBe(address.id);

    const removed = await call('DELETE', `/${address.id}`);
    expect(removed.json()).toMatchObject({ id: address.id, unit: '12' });
    expect(await addressIdOf(locations[1] ?? '')).toBeNull();
    expect((await call('GET', `/${address.id}`)).statusCode).toBe(404);
    const audit = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.accountId, a.accountId), eq(auditEntries.objectType, 'LOOKUP'))),
    );
    expect(audit).toHaveLength(3);
    // A changed address is an UPDATE of its location, in the audit card's lookup shape.
    expect(audit.map((row) => row.transactionType)).toEqual(['UPDATE', 'UPDATE', 'UPDATE']);
    expect(Object.keys(audit[0]?.objectData ?? {}).sort()).toEqual([
      'level',
      'levelLabel',
      'name',
      'parentName',
      'type',
    ]);
  });

  it("answers 400 'invalid cityId', for a location that is not the company's, and for a second address", async () => {
    const location = locations[2] ?? '';
    const cases: [object, string][] = [
      [{ lookupLocationId: location, cityId: 'toronto' }, 'invalid cityId'],
      [{ lookupLocationId: location, cityId: randomUUID() }, 'invalid cityId'],
      [{ lookupLocationId: location, unit: 'u'.repeat(21) }, 'Unit must be at most 20 characters.'],
      [{ lookupLocationId: location, postalCode: 'p'.repeat(11) }, 'Postal code must be at most 10 characters.'],
      [{ lookupLocationId: bLocation }, LOOKUP_ADDRESS_MESSAGES.locationNotFound],
      [{ lookupLocationId: classId }, LOOKUP_ADDRESS_MESSAGES.locationNotFound],
      [{ lookupLocationId: 'nope' }, 'Invalid id'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '', payload);
      expect(response.json(), message).toEqual({ code: 'BAD_REQUEST', message });
    }
    expect((await call('POST', '', { lookupLocationId: location })).statusCode).toBe(200);
    const second = await call('POST', '', { lookupLocationId: location });
    expect(second.json()).toEqual({ code: 'CONFLICT', message: LOOKUP_ADDRESS_MESSAGES.alreadyHasAddress });
  });

  it("answers 404 to another company's address and changes nothing", async () => {
    const theirs = await call('POST', '', { lookupLocationId: bLocation, name: 'B site' }, await t.signIn(b.admin));
    const id = theirs.json<LookupAddress>().id;
    expect((await call('GET', `/${id}`)).statusCode).toBe(404);
    expect((await call('PUT', '', { id, lookupLocationId: locations[3], name: 'Taken' })).statusCode).toBe(404);
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(404);
    expect(await addressIdOf(bLocation)).toBe(id);
  });

  it('needs LOOKUP_ADD or LOOKUP_EDIT to add, LOOKUP_EDIT to change, LOOKUP_DELETE or LOOKUP_EDIT to remove', async () => {
    const as = async (privilege: 'LOOKUP_ADD' | 'LOOKUP_DELETE' | 'LOOKUP_EDIT') =>
      t.signIn(await t.createUser(a.accountId, { privileges: [privilege] }));
    const adder = await as('LOOKUP_ADD');
    const deleter = await as('LOOKUP_DELETE');
    const created = await call('POST', '', { lookupLocationId: locations[4] }, adder);
    expect(created.statusCode).toBe(200);
    const id = created.json<LookupAddress>().id;
    expect((await call('PUT', '', { id, lookupLocationId: locations[4] }, adder)).statusCode).toBe(403);
    expect((await call('PUT', '', { id, lookupLocationId: locations[4] }, deleter)).statusCode).toBe(403);
    expect((await call('DELETE', `/${id}`, undefined, adder)).statusCode).toBe(403);
    expect((await call('POST', '', { lookupLocationId: locations[5] }, deleter)).statusCode).toBe(403);
    expect((await call('DELETE', `/${id}`, undefined, deleter)).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/lookupAddresses/${id}` })).statusCode).toBe(401);
  });
});
