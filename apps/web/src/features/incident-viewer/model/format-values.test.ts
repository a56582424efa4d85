import { HIDDEN } from '@blotter/shared/presentation';
import { describe, expect, it } from 'vitest';
import { addressText, historyActionText, MASK, privateFieldText } from './format-values';

describe('addressText', () => {
  it("writes the country by the name of the initial data's list", () => {
    const countries = [{ code: 'CA', name: 'Canada' }];
    expect(
      addressText({ unit: '12', address: '100 Main Street', cityName: 'Toronto', countryCode: 'CA' }, countries),
    ).toBe('Unit 12, 100 Main Street, Toronto, Canada');
    expect(addressText({ countryCode: 'CA' }, countries)).toBe('');
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

describe('historyActionText', () => {
  it('reads the history types as words and keeps unknown codes', () => {
    expect(historyActionText('CREATE')).toBe('Created');
    expect(historyActionText('EDIT')).toBe('Edited');
    expect(historyActionText('REOPEN')).toBe('Reopened');
    expect(historyActionText('MERGE')).toBe('MERGE');
  });
});
