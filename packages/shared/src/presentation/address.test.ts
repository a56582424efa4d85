import { describe, expect, it } from 'vitest';
import { countryNames, formatAddress } from './address';

const canada = countryNames([
  { code: 'CA', name: 'Canada' },
  { code: 'US', name: 'United States' },
]);

describe('formatAddress', () => {
  it('writes one line: the unit first, the number and street, the city, the region and the country by name', () => {
    const address = {
      unit: '4',
      address: '200',
      street: 'King Street',
      cityName: 'Toronto',
      stateName: 'Ontario',
      postalCode: 'M5H 1J9',
      countryCode: 'CA',
    };
    expect(formatAddress(address, canada)).toBe('Unit 4, 200 King Street, Toronto, Ontario M5H 1J9, Canada');
  });

  it('leaves out the parts that are empty or blank, trimming the others', () => {
    expect(formatAddress({ unit: ' ', address: ' 1 Main St ', cityName: 'Boston', countryCode: 'US' }, canada)).toBe(
      '1 Main St, Boston, United States',
    );
    expect(formatAddress({ unit: '12B', postalCode: 'M5V 2T6' })).toBe('Unit 12B, M5V 2T6');
  });

  it('prints nothing for an address that holds only its country, never the bare code', () => {
    expect(formatAddress({ countryCode: 'CA' }, canada)).toBe('');
    expect(formatAddress({ countryCode: 'CA', countryName: 'Canada', address: ' ', cityName: '' })).toBe('');
  });

  it('prefers the country name sent with the address and keeps an unknown code', () => {
    expect(formatAddress({ cityName: 'Paris', countryCode: 'FR', countryName: 'France' })).toBe('Paris, France');
    expect(formatAddress({ cityName: 'Paris', countryCode: 'FR' }, canada)).toBe('Paris, FR');
    expect(formatAddress({ cityName: 'Toronto', countryCode: 'CA' }, canada)).toBe('Toronto, Canada');
  });
});
