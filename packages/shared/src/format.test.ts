import { describe, expect, it } from 'vitest';
import { DATE_FORMAT } from './constants';
import { assigneeName, formatAddress, formatDate } from './format';

const canada = (code: string) => (code === 'CA' ? 'Canada' : undefined);

describe('formatAddress', () => {
  it('writes one line with the unit, the street, the region and the country by name', () => {
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

  it('prints nothing for an address that holds only its country, never the bare code', () => {
    expect(formatAddress({ countryCode: 'CA' }, canada)).toBe('');
    expect(formatAddress({ countryCode: 'CA', countryName: 'Canada', address: ' ', cityName: '' })).toBe('');
  });

  it('prefers the country name sent with the address and keeps an unknown code', () => {
    expect(formatAddress({ cityName: 'Paris', countryCode: 'FR', countryName: 'France' })).toBe('Paris, France');
    expect(formatAddress({ cityName: 'Paris', countryCode: 'FR' })).toBe('Paris, FR');
    expect(formatAddress({ cityName: 'Toronto', countryCode: 'CA' }, canada)).toBe('Toronto, Canada');
  });
});

describe('assigneeName', () => {
  it("shows 'Not assigned' without an investigator and 'Unknown' for a nameless one", () => {
    expect(assigneeName(null, null)).toBe('Not assigned');
    expect(assigneeName(null, 'Jane Doe')).toBe('Not assigned');
    expect(assigneeName('u1', 'Jane Doe')).toBe('Jane Doe');
    expect(assigneeName('u1', '  ')).toBe('Unknown');
  });
});

describe('formatDate', () => {
  it("writes the company's format", () => {
    const date = new Date(2026, 2, 4, 12);
    expect(formatDate(date, DATE_FORMAT.DMY)).toBe('04/03/2026');
    expect(formatDate(date, DATE_FORMAT.MDY)).toBe('03/04/2026');
  });
});
