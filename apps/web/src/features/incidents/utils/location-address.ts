import type { Location } from '@blotter/shared/schemas/incident-parts';
import type { LookupAddress } from '@blotter/shared/schemas/lookups';

const TYPED: readonly (keyof Location)[] = ['unit', 'address', 'street', 'cityName', 'postalCode'];

/**
 * The location fields to fill from the address attached to the chosen location, or nothing when the
 * person already typed an address (theirs wins).
 */
export function addressFill(
  current: Partial<Record<keyof Location, unknown>>,
  address: LookupAddress,
): Partial<Location> | undefined {
  if (TYPED.some((key) => typeof current[key] === 'string' && current[key].trim() !== '')) return undefined;
  return {
    unit: address.unit,
    address: address.address,
    street: address.street,
    cityId: address.cityId,
    cityName: address.cityName,
    stateName: address.stateName,
    postalCode: address.postalCode,
    countryCode: address.countryCode || (typeof current.countryCode === 'string' ? current.countryCode : '') || 'CA',
  };
}
