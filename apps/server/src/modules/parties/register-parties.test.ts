import { randomUUID } from 'node:crypto';
import { type LegalEntity, legalEntitySchema, type Person, personSchema } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { principalOf } from '../../../test/principal';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { parties } from '../../db/schema/index';
import { ownerCompany, registerParties } from './parties.service';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;

const person = (fields: Partial<Person>) => personSchema.parse({ id: randomUUID(), ...fields });
const company = (fields: Partial<LegalEntity>) => legalEntitySchema.parse({ id: randomUUID(), ...fields });
const register = (of: TestCompany, persons: Person[], companies: LegalEntity[] = []) =>
  t.database.tenant(of.accountId, (tx) =>
    registerParties(tx, principalOf(of.staff, 'Register Co'), persons, companies),
  );
const rowsOf = (accountId: string) =>
  t.database.system((tx) => tx.select().from(parties).where(eq(parties.accountId, accountId)));

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Register Co' });
  b = await t.createCompany();
});
afterAll(() => t.close());

describe('registerParties', () => {
  it('creates register entries for new cards, then updates them when the cards come back', async () => {
    const cards = Array.from({ length: 12 }, (_, i) =>
      person({ firstName: `Person${i}`, lastName: 'Ténant', phone: '555-0100', relationVictim: true }),
    );
    const first = await register(a, cards, [company({ name: 'Shop Ltd', relationReporter: true })]);
    expect(first.persons.map((card) => card.id)).toEqual(cards.map((card) => card.id));
    const personIds = first.persons.map((card) => card.personId);
    expect(new Set(personIds).size).toBe(12);
    expect(personIds.every((id) => typeof id === 'string')).toBe(true);
    const created = await rowsOf(a.accountId);
    expect(created).toHaveLength(13);
    const stored = created.find((row) => row.id === personIds[0]);
    expect(stored).toMatchObject({
      personType: 0,
      firstName: 'Person0',
      lastName: 'Ténant',
      searchName: 'person0 tenant',
    });
    // Incident-only fields stay on the card.
    expect(stored?.data).toMatchObject({ phone: '555-0100' });
    expect(stored?.data).not.toHaveProperty('relationVictim');
    expect(stored?.data).not.toHaveProperty('id');

    const changed = first.persons.map((card) => ({ ...card, phone: '555-0199', alias: 'Again' }));
    const before = stored?.lastSeenAt?.getTime() ?? 0;
    const second = await register(a, changed, first.companies);
    expect(second.persons.map((card) => card.personId)).toEqual(personIds);
    const updated = await rowsOf(a.accountId);
    expect(updated).toHaveLength(13);
    const again = updated.find((row) => row.id === personIds[0]);
    expect(again).toMatchObject({ alias: 'Again', searchName: 'person0 tenant again' });
    expect(again?.data).toMatchObject({ phone: '555-0199' });
    expect(again?.lastSeenAt?.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("treats another company's personId, or one of the other type, as none", async () => {
    const [bPerson] = (await register(b, [person({ firstName: 'Bea' })])).persons;
    const [aCompany] = (await register(a, [], [company({ name: 'Typed Ltd' })])).companies;
    const out = await register(a, [
      person({ firstName: 'Planted', personId: bPerson?.personId ?? null }),
      person({ firstName: 'Mistyped', personId: aCompany?.personId ?? null }),
    ]);
    for (const card of out.persons) {
      expect(card.personId).not.toBe(bPerson?.personId);
      expect(card.personId).not.toBe(aCompany?.personId);
    }
    const bRows = await rowsOf(b.accountId);
    expect(bRows.map((row) => row.firstName)).toEqual(['Bea']);
    const aNames = (await rowsOf(a.accountId)).map((row) => row.firstName);
    expect(aNames).toEqual(expect.arrayContaining(['Planted', 'Mistyped']));
  });

  it('keeps owner cards on the owner entry and its name, and leaves nameless cards alone', async () => {
    const owner = await t.database.tenant(a.accountId, (tx) => ownerCompany(tx, principalOf(a.staff, 'Register Co')));
    const out = await register(
      a,
      [person({ firstName: '  ' })],
      [company({ name: 'Renamed by hand', isOwner: true, contact: 'Front desk' }), company({ name: '' })],
    );
    expect(out.persons[0]?.personId).toBeNull();
    expect(out.companies[0]).toMatchObject({ personId: owner.id, isOwner: true });
    expect(out.companies[1]?.personId).toBeNull();
    const [row] = await t.database.system((tx) => tx.select().from(parties).where(eq(parties.id, owner.id)));
    expect(row).toMatchObject({ name: 'Register Co', isOwner: true });
    expect(row?.data).toMatchObject({ name: 'Register Co', contact: 'Front desk' });
    const owners = (await rowsOf(a.accountId)).filter((r) => r.isOwner);
    expect(owners).toHaveLength(1);
  });

  it('creates the owner entry when an owner card comes before anyone asked for it', async () => {
    const c = await t.createCompany({ name: 'Fresh Co' });
    const out = await t.database.tenant(c.accountId, (tx) =>
      registerParties(tx, principalOf(c.staff, 'Fresh Co'), [], [company({ name: 'Fresh Co', isOwner: true })]),
    );
    const rows = await rowsOf(c.accountId);
    expect(rows).toEqual([
      expect.objectContaining({ id: out.companies[0]?.personId, isOwner: true, name: 'Fresh Co' }),
    ]);
  });
});
