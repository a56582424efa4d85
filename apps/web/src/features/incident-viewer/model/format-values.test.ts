import { formatDateTime, HIDDEN } from '@blotter/shared/presentation';
import { describe, expect, it } from 'vitest';
import { addressText, historyActionText, historyEntryText, MASK, privateFieldText } from './format-values';

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
    expect(historyActionText('IMPORT')).toBe('Imported');
    expect(historyActionText('MERGE')).toBe('MERGE');
  });
});

describe('historyEntryText', () => {
  const created = { actionType: 'CREATE', updateDate: '2026-11-28T08:20:00.000Z' };

  it('reads like historyActionText for a row not recorded offline', () => {
    expect(historyEntryText({ ...created, recordedOfflineAt: null }, 1)).toBe('Created');
  });
  it('names the file an imported incident came from', () => {
    const imported = { ...created, actionType: 'IMPORT', recordedOfflineAt: null, importedFrom: 'old-system.csv' };
    expect(historyEntryText(imported, 1)).toBe('Imported from old-system.csv');
    expect(historyEntryText({ actionType: 'EDIT', updateDate: created.updateDate }, 1)).toBe('Edited');
  });

  it('says when a phone recorded the incident offline and when the server received it, in the company format', () => {
    const recordedOfflineAt = '2026-11-28T07:55:00.000Z';
    const text = historyEntryText({ ...created, recordedOfflineAt }, 1);
    const recorded = formatDateTime(recordedOfflineAt, 1);
    const received = formatDateTime(created.updateDate, 1);
    expect(recorded).not.toBe(received);
    expect(text).toBe(`Created offline (recorded ${recorded}, received ${received})`);
  });
});
