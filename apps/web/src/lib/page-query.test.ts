import { describe, expect, it } from 'vitest';
import { pageQueryString } from './page-query';

describe('pageQueryString', () => {
  it('sends the page and its size, and the status only when there is one', () => {
    expect(pageQueryString({ p: 0, psz: 10 })).toBe('p=0&psz=10');
    expect(pageQueryString({ p: 3, psz: 100, status: 2 })).toBe('p=3&psz=100&status=2');
    expect(pageQueryString({ p: 0, psz: 10, status: 0 })).toBe('p=0&psz=10&status=0');
  });
});
