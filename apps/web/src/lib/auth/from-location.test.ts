import { describe, expect, it } from 'vitest';
import { fromLocation } from './from-location';

describe('fromLocation', () => {
  it('reads a location object kept by a protected route', () => {
    expect(fromLocation({ from: { pathname: '/reports', search: '?a=1', hash: '#x' } })).toBe('/reports?a=1#x');
  });

  it('reads a plain path', () => {
    expect(fromLocation({ from: '/search' })).toBe('/search');
  });

  it('defaults to the dashboard', () => {
    expect(fromLocation(null)).toBe('/dashboard');
    expect(fromLocation({})).toBe('/dashboard');
    expect(fromLocation({ from: 42 })).toBe('/dashboard');
  });
});
