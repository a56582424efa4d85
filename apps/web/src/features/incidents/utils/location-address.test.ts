import { describe, expect, it } from 'vitest';
import { addressFill } from './location-address';

const address = {
  id: 'a',
  lookupLocationId: 'l',
  name: 'Head office',
  unit: '4',
  address: '100',
  street: 'King St W',
  cityId: null,
  cityName: 'Toronto',
  stateName: 'Ontario',
  countryCode: 'CA',
  postalCode: 'M5X 1A9',
};

describe('addressFill', () => {
  it("fills an empty location with the location's address", () => {
    expect(
      addressFill({ unit: '', address: '', street: '', cityName: '', postalCode: '', countryCode: 'CA' }, address),
    ).toEqual({
      unit: '4',
      address: '100',
      street: 'King St W',
      cityId: null,
      cityName: 'Toronto',
      stateName: 'Ontario',
      postalCode: 'M5X 1A9',
      countryCode: 'CA',
    });
  });

  it('leaves an address the person typed alone', () => {
    expect(addressFill({ street: 'Main St' }, address)).toBeUndefined();
  });
});
