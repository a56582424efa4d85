import { DEBOUNCE } from '@blotter/shared/constants';
import { describe, expect, it } from 'vitest';
import { canSearchCity, stateLabel } from './address-rules';

describe('stateLabel', () => {
  it('reads State for US, Province for CA and State/Prov elsewhere', () => {
    expect(stateLabel('US')).toBe('State');
    expect(stateLabel('CA')).toBe('Province');
    expect(stateLabel('GB')).toBe('State/Prov');
    expect(stateLabel('')).toBe('State/Prov');
  });
});

describe('canSearchCity', () => {
  it('searches after more than 1 character, ignoring spaces', () => {
    expect(canSearchCity('T', DEBOUNCE.citySearchMinChars)).toBe(false);
    expect(canSearchCity(' T ', DEBOUNCE.citySearchMinChars)).toBe(false);
    expect(canSearchCity('To', DEBOUNCE.citySearchMinChars)).toBe(true);
  });
});
