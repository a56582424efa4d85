import { type LookupAddress, PART_MESSAGES } from '@blotter/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cities, lookupAddresses, lookups, states } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { type AuditedLookup, auditLookup } from '../lookups/lookup-audit';

export const LOOKUP_ADDRESS_MESSAGES = {
  locationNotFound: 'The location does not exist.',
  alreadyHasAddress: 'This location already has an address.',
} as const;

/** The fields of POST and PUT /lookupAddresses after validation. */
export interface LookupAddressInput {
  lookupLocationId: string;
  name: string;
  unit: string;
  address: string;
  street: string;
  cityId: string | null;
  cityName: string;
  stateName: string;
  countryCode: string;
  postalCode: string;
}

type AddressRow = typeof lookupAddresses.$inferSelect;

const toAddress = (row: AddressRow): LookupAddress => ({
  id: row.id,
  lookupLocationId: row.lookupLocationId,
  name: row.name,
  unit: row.unit,
  address: row.address,
  street: row.street,
  cityId: row.cityId,
  cityName: row.cityName,
  stateName: row.stateName,
  countryCode: row.countryCode,
  postalCode: row.postalCode,
});

/** A location lookup of the company, or 400: the id comes from a form, not from the URL. */
async function locationOf(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: lookups.id,
      name: lookups.name,
      addressId: lookups.addressId,
      type: lookups.type,
      level: lookups.level,
      parentId: lookups.parentId,
    })
    .from(lookups)
    .where(and(eq(lookups.id, id), eq(lookups.type, 'location'), isNull(lookups.deletedAt)))
    .limit(1);
  if (!row) throw badRequest(LOOKUP_ADDRESS_MESSAGES.locationNotFound);
  return row;
}

async function findAddress(tx: Tx, id: string) {
  const [row] = await tx.select().from(lookupAddresses).where(eq(lookupAddresses.id, id)).limit(1);
  if (!row) throw notFound('Address');
  return row;
}

/**
 * The stored columns of an address. With a city chosen, its name, state and country come from the
 * reference data (the client's copies could be stale or forged); an unknown city → 'invalid cityId'.
 */
async function addressColumns(tx: Tx, input: LookupAddressInput) {
  const columns = {
    lookupLocationId: input.lookupLocationId,
    name: input.name,
    unit: input.unit,
    address: input.address,
    street: input.street,
    cityId: input.cityId,
    cityName: input.cityName,
    stateName: input.stateName,
    countryCode: input.countryCode.toUpperCase(),
    postalCode: input.postalCode,
  };
  if (!input.cityId) return columns;
  const [city] = await tx
    .select({
      name: cities.name,
      countryCode: cities.countryCode,
      stateName: sql<string>`coalesce(${states.name}, ${cities.stateCode})`,
    })
    .from(cities)
    .leftJoin(states, and(eq(states.countryCode, cities.countryCode), eq(states.code, cities.stateCode)))
    .where(eq(cities.id, input.cityId))
    .limit(1);
  if (!city) throw badRequest(PART_MESSAGES.invalidCityId);
  return { ...columns, cityName: city.name, stateName: city.stateName, countryCode: city.countryCode };
}

/** A location has one address: another one is refused rather than silently replacing it. */
async function ensureNoOtherAddress(tx: Tx, location: { addressId: string | null }, self?: string) {
  if (!location.addressId || location.addressId === self) return;
  const [other] = await tx
    .select({ id: lookupAddresses.id })
    .from(lookupAddresses)
    .where(eq(lookupAddresses.id, location.addressId))
    .limit(1);
  if (other) throw new AppError('CONFLICT', LOOKUP_ADDRESS_MESSAGES.alreadyHasAddress);
}

/** A changed address is a change of its location: a LOOKUP UPDATE entry of the location. */
const audit = (tx: Tx, principal: Principal, location: AuditedLookup) => auditLookup(tx, principal, 'UPDATE', location);

/** Attaches an address to a location lookup (sets lookups.address_id). */
export async function createLookupAddress(tx: Tx, principal: Principal, input: LookupAddressInput) {
  const location = await locationOf(tx, input.lookupLocationId);
  await ensureNoOtherAddress(tx, location);
  const [row] = await tx
    .insert(lookupAddresses)
    .values({ accountId: principal.accountId, ...(await addressColumns(tx, input)) })
    .returning();
  if (!row) throw new Error('Insert returned no row');
  await tx.update(lookups).set({ addressId: row.id }).where(eq(lookups.id, location.id));
  await audit(tx, principal, location);
  return toAddress(row);
}

export async function getLookupAddress(tx: Tx, id: string) {
  return toAddress(await findAddress(tx, id));
}

/** Changes an address; moving it to another location clears the first location's link. */
export async function updateLookupAddress(tx: Tx, principal: Principal, input: LookupAddressInput & { id: string }) {
  const existing = await findAddress(tx, input.id);
  const location = await locationOf(tx, input.lookupLocationId);
  await ensureNoOtherAddress(tx, location, existing.id);
  const [row] = await tx
    .update(lookupAddresses)
    .set(await addressColumns(tx, input))
    .where(eq(lookupAddresses.id, existing.id))
    .returning();
  if (!row) throw new Error('Update returned no row');
  if (existing.lookupLocationId !== location.id) {
    await tx.update(lookups).set({ addressId: null }).where(eq(lookups.addressId, existing.id));
  }
  await tx.update(lookups).set({ addressId: row.id }).where(eq(lookups.id, location.id));
  await audit(tx, principal, location);
  return toAddress(row);
}

/** Removes an address and its link from the location; answers the removed address. */
export async function deleteLookupAddress(tx: Tx, principal: Principal, id: string) {
  const existing = await findAddress(tx, id);
  await tx.update(lookups).set({ addressId: null }).where(eq(lookups.addressId, id));
  await tx.delete(lookupAddresses).where(eq(lookupAddresses.id, id));
  const [location] = await tx
    .select({
      id: lookups.id,
      name: lookups.name,
      type: lookups.type,
      level: lookups.level,
      parentId: lookups.parentId,
    })
    .from(lookups)
    .where(eq(lookups.id, existing.lookupLocationId))
    .limit(1);
  if (location) await audit(tx, principal, location);
  return toAddress(existing);
}
