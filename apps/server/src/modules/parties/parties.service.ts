import { randomUUID } from 'node:crypto';
import type { LegalEntity, Person } from '@blotter/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert';
import type { Tx } from '../../db/client';
import { parties } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { findParty } from './parties.queries';
import {
  companyCardFrom,
  PERSON_TYPE,
  personCardFrom,
  personSearchName,
  registerDetails,
  searchText,
} from './party-details';

/**
 * The account's own company as a legal entity of the register, created on first use and renamed
 * with the company. An advisory lock keeps two first calls from creating two.
 */
export async function ownerCompany(tx: Tx, principal: Principal): Promise<{ id: string; name: string }> {
  const name = principal.account.companyName;
  const find = async () => {
    const [row] = await tx
      .select({ id: parties.id, name: parties.name })
      .from(parties)
      .where(and(eq(parties.personType, PERSON_TYPE.LEGAL_ENTITY), eq(parties.isOwner, true)))
      .limit(1);
    return row;
  };
  let owner = await find();
  if (!owner) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`blotter.owner.${principal.accountId}`}))`);
    owner = await find();
  }
  if (!owner) {
    const [created] = await tx
      .insert(parties)
      .values({
        accountId: principal.accountId,
        personType: PERSON_TYPE.LEGAL_ENTITY,
        name,
        searchName: searchText(name),
        isOwner: true,
        data: { name },
      })
      .returning({ id: parties.id, name: parties.name });
    if (!created) throw new Error('Insert returned no row');
    return created;
  }
  if (owner.name !== name) {
    await tx
      .update(parties)
      .set({ name, searchName: searchText(name), data: sql`${parties.data} || ${JSON.stringify({ name })}::jsonb` })
      .where(eq(parties.id, owner.id));
  }
  return { id: owner.id, name };
}

/** POST /incidents/persons: a new card for a person of the register (404 for anyone else's). */
export async function personCard(tx: Tx, personId: string): Promise<Person> {
  const row = await findParty(tx, personId, PERSON_TYPE.PERSON);
  if (!row) throw notFound('Person');
  return personCardFrom(randomUUID(), row.id, row.data, {
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    alias: row.alias,
    isEmployee: row.isEmployee,
  });
}

/** POST /incidents/companies: a new card for a legal entity of the register. */
export async function companyCard(tx: Tx, personId: string): Promise<LegalEntity> {
  const row = await findParty(tx, personId, PERSON_TYPE.LEGAL_ENTITY);
  if (!row) throw notFound('Legal entity');
  return companyCardFrom(randomUUID(), row.id, row.data, { name: row.name, isOwner: row.isOwner });
}

type PartyInsert = typeof parties.$inferInsert;
interface PartyUpdate {
  id: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  alias: string;
  name: string;
  search_name: string;
  is_employee: boolean;
  data: Record<string, unknown>;
}

const personColumns = (card: Person) => ({
  first_name: card.firstName,
  middle_name: card.middleName,
  last_name: card.lastName,
  alias: card.alias,
  name: '',
  search_name: personSearchName(card),
  is_employee: card.isEmployee,
  data: registerDetails(card),
});
const companyColumns = (card: LegalEntity) => ({
  first_name: '',
  middle_name: '',
  last_name: '',
  alias: '',
  name: card.name,
  search_name: searchText(card.name),
  is_employee: false,
  data: registerDetails(card),
});

/** The register columns a card gives the entry it names, as a submit writes them. */
export const registerColumnsOf = (personType: number, card: Person | LegalEntity): Omit<PartyUpdate, 'id'> =>
  personType === PERSON_TYPE.PERSON ? personColumns(card as Person) : companyColumns(card as LegalEntity);

const toInsert = (accountId: string, personType: number, id: string, c: Omit<PartyUpdate, 'id'>): PartyInsert => ({
  id,
  accountId,
  personType,
  firstName: c.first_name,
  middleName: c.middle_name,
  lastName: c.last_name,
  alias: c.alias,
  name: c.name,
  searchName: c.search_name,
  isEmployee: c.is_employee,
  data: c.data,
  lastSeenAt: new Date(),
});

/**
 * On submit: records the incident's persons and legal entities in the company's register and
 * answers the cards with personId set. A card naming a register entry of this company updates it
 * (its details are the latest knowledge); any other card creates an entry; owner cards keep the
 * owner entry and its name. A few statements whatever the number of cards: one read, one insert,
 * one update from a JSON recordset.
 */
export async function registerParties(
  tx: Tx,
  principal: Principal,
  persons: Person[],
  companies: LegalEntity[],
): Promise<{ persons: Person[]; companies: LegalEntity[] }> {
  const named = [...persons, ...companies].flatMap((card) => (card.personId ? [card.personId] : []));
  const known = await tx
    .select({ id: parties.id, personType: parties.personType, isOwner: parties.isOwner })
    .from(parties)
    .where(
      or(
        named.length > 0 ? inArray(parties.id, named) : undefined,
        and(eq(parties.personType, PERSON_TYPE.LEGAL_ENTITY), eq(parties.isOwner, true)),
      ),
    );
  const typeOf = new Map(known.map((row) => [row.id, row]));
  let ownerId = known.find((row) => row.isOwner)?.id;
  const inserts: PartyInsert[] = [];
  const updates = new Map<string, PartyUpdate>();

  const entryFor = (personType: number, personId: string | null, columns: Omit<PartyUpdate, 'id'>) => {
    const existing = personId ? typeOf.get(personId) : undefined;
    if (personId && existing?.personType === personType) {
      updates.set(personId, { id: personId, ...columns });
      return personId;
    }
    const id = randomUUID();
    inserts.push(toInsert(principal.accountId, personType, id, columns));
    return id;
  };

  const outPersons = persons.map((card) =>
    card.firstName.trim()
      ? { ...card, personId: entryFor(PERSON_TYPE.PERSON, card.personId, personColumns(card)) }
      : card,
  );
  const outCompanies: LegalEntity[] = [];
  for (const card of companies) {
    const isOwner = card.isOwner || (card.personId !== null && typeOf.get(card.personId)?.isOwner === true);
    if (isOwner) {
      ownerId ??= (await ownerCompany(tx, principal)).id;
      updates.set(ownerId, { id: ownerId, ...companyColumns(card) });
      outCompanies.push({ ...card, personId: ownerId, isOwner: true });
    } else if (card.name.trim()) {
      const personId = entryFor(PERSON_TYPE.LEGAL_ENTITY, card.personId, companyColumns(card));
      outCompanies.push({ ...card, personId });
    } else {
      outCompanies.push(card);
    }
  }

  if (inserts.length > 0) await bulkInsert(tx, parties, inserts);
  if (updates.size > 0) {
    // The owner entry keeps its name (it follows the account's company name).
    await tx.execute(sql`
      update parties p
         set first_name = r.first_name, middle_name = r.middle_name, last_name = r.last_name, alias = r.alias,
             name = case when p.is_owner then p.name else r.name end,
             search_name = case when p.is_owner then p.search_name else r.search_name end,
             is_employee = r.is_employee,
             data = case when p.is_owner then r.data || jsonb_build_object('name', p.name) else r.data end,
             last_seen_at = now(), updated_at = now()
        from jsonb_to_recordset(${JSON.stringify([...updates.values()])}::jsonb)
             as r(id uuid, first_name text, middle_name text, last_name text, alias text, name text,
                  search_name text, is_employee boolean, data jsonb)
       where p.id = r.id`);
  }
  return { persons: outPersons, companies: outCompanies };
}
