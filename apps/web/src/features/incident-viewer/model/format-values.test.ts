import { DATE_FORMAT, MEASUREMENT_TYPE } from '@blotter/shared/constants';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { describe, expect, it } from 'vitest';
import {
  addressText,
  flagsText,
  formatDateOnly,
  formatMoney,
  formatOccurred,
  HIDDEN,
  historyActionText,
  lookupName,
  MASK,
  measurementUnits,
  ownerText,
  privateFieldText,
  treePathText,
} from './format-values';

const node = (id: string, name: string, children: LookupNode[] = []): LookupNode => ({
  id,
  type: 'incidentClass',
  name,
  active: true,
  parentId: null,
  level: 1,
  parentPath: '',
  label: '',
  addressId: null,
  children,
});

describe('formatDateOnly', () => {
  it('formats a yyyy-mm-dd date in the company format without moving the day', () => {
    expect(formatDateOnly('1990-05-01', DATE_FORMAT.DMY)).toBe('01/05/1990');
    expect(formatDateOnly('1990-05-01', DATE_FORMAT.MDY)).toBe('05/01/1990');
  });

  it('is empty for empty or malformed values', () => {
    expect(formatDateOnly('', DATE_FORMAT.DMY)).toBe('');
    expect(formatDateOnly(null, DATE_FORMAT.DMY)).toBe('');
    expect(formatDateOnly('May 1st', DATE_FORMAT.DMY)).toBe('');
  });
});

describe('formatOccurred', () => {
  const when = new Date(2024, 2, 5, 14, 30).toISOString();
  it('shows date and time, or only the date when uncertain', () => {
    expect(formatOccurred(when, false, DATE_FORMAT.MDY)).toBe('03/05/2024 02:30 PM');
    expect(formatOccurred(when, true, DATE_FORMAT.MDY)).toBe('03/05/2024');
    expect(formatOccurred(null, false, DATE_FORMAT.MDY)).toBe('');
  });
});

describe('formatMoney', () => {
  it('shows cents as US dollars', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(100_000_000_000)).toBe('$1,000,000,000.00');
  });

  it('is empty without a value', () => {
    expect(formatMoney(null)).toBe('');
  });
});

describe('names of lookups', () => {
  const severities = [{ id: 's1', type: 'severityType', name: 'High', active: true, code: '' }];
  it('names a single lookup, Unknown when it is gone, nothing without one', () => {
    expect(lookupName(severities, 's1')).toBe('High');
    expect(lookupName(severities, 'gone')).toBe('Unknown');
    expect(lookupName(severities, null)).toBe('');
  });

  it('shows the path of a tree node', () => {
    const tree = [node('a', 'Security', [node('b', 'Theft', [node('c', 'Shoplifting')])])];
    expect(treePathText(tree, 'c')).toBe('Security / Theft / Shoplifting');
    expect(treePathText(tree, 'x')).toBe('Unknown');
    expect(treePathText(tree, null)).toBe('');
  });
});

describe('flagsText', () => {
  it('lists the labels of the flags that are on', () => {
    const person = { relationReporter: true, relationVictim: false, relationWitness: true };
    expect(
      flagsText(person, [
        ['relationReporter', 'Reporter'],
        ['relationVictim', 'Victim'],
        ['relationWitness', 'Witness'],
      ]),
    ).toBe('Reporter, Witness');
  });
});

describe('addressText', () => {
  const countries = [{ code: 'CA', name: 'Canada' }];
  it('joins the parts of an address with the country name', () => {
    expect(
      addressText(
        {
          unit: '12',
          address: '100',
          street: 'Main Street',
          cityName: 'Toronto',
          stateName: 'Ontario',
          postalCode: 'M5V 1A1',
          countryCode: 'CA',
        },
        countries,
      ),
    ).toBe('Unit 12, 100 Main Street, Toronto, Ontario M5V 1A1, Canada');
  });

  it('is empty when only the default country is set', () => {
    expect(addressText({ countryCode: 'CA', address: '', cityName: '' }, countries)).toBe('');
  });

  it('prefers a country name sent with the address and falls back to the code', () => {
    expect(addressText({ cityName: 'Paris', countryCode: 'FR', countryName: 'France' })).toBe('Paris, France');
    expect(addressText({ cityName: 'Paris', countryCode: 'FR' })).toBe('Paris, FR');
  });
});

describe('people', () => {
  it("shows the owner's name, 'Unknown' for a nameless owner, nothing without an owner", () => {
    expect(ownerText('p1', 'Jane Doe')).toBe('Jane Doe');
    expect(ownerText('p1', null)).toBe('Unknown');
    expect(ownerText(null, 'Jane Doe')).toBe('');
  });
});

describe('privateFieldText', () => {
  it("reads 'Hidden' when the server withheld the field, masked until unlocked, then the value", () => {
    expect(privateFieldText('555-0100', { hidden: true, unlocked: true })).toBe(HIDDEN);
    expect(privateFieldText('555-0100', { hidden: false, unlocked: false })).toBe(MASK);
    expect(privateFieldText('555-0100', { hidden: false, unlocked: true })).toBe('555-0100');
  });

  it('masks empty fields too, so the mask does not tell which fields are filled', () => {
    expect(privateFieldText('', { hidden: false, unlocked: false })).toBe(MASK);
  });
});

describe('measurementUnits', () => {
  it('labels height and weight in the company units', () => {
    expect(measurementUnits(MEASUREMENT_TYPE.METRIC)).toEqual({ height: 'Height (cm)', weight: 'Weight (kg)' });
    expect(measurementUnits(MEASUREMENT_TYPE.US)).toEqual({ height: 'Height (feet)', weight: 'Weight (lb)' });
  });
});

describe('historyActionText', () => {
  it('reads the history types as words and keeps unknown codes', () => {
    expect(historyActionText('CREATE')).toBe('Created');
    expect(historyActionText('EDIT')).toBe('Edited');
    expect(historyActionText('REOPEN')).toBe('Reopened');
    expect(historyActionText('MERGE')).toBe('MERGE');
  });
});
