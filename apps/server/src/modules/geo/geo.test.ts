import type { City, Country, State } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';

let t: TestContext;
let headers: Record<string, string>;

const get = (url: string) => t.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestContext();
  const company = await t.createCompany();
  headers = await t.signIn(company.staff);
});
afterAll(() => t.close());

describe('GET /api/countries', () => {
  it('is public, for the sign-up form', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/countries' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({ code: 'CA', name: 'Canada' });
  });

  it('answers the countries sorted by name, Canada and the United States among them', async () => {
    const response = await get('/api/countries');
    expect(response.statusCode).toBe(200);
    const countries = response.json<Country[]>();
    expect(countries).toContainEqual({ code: 'CA', name: 'Canada' });
    expect(countries).toContainEqual({ code: 'US', name: 'United States' });
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en')));
  });

  it('answers without a session too: the public sign-up form offers them', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/countries' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Country[]>()).toContainEqual({ code: 'CA', name: 'Canada' });
  });
});

describe('GET /api/states', () => {
  it('answers the 13 provinces and territories of Canada for countryCode=CA', async () => {
    const response = await get('/api/states?countryCode=CA');
    expect(response.statusCode).toBe(200);
    const states = response.json<State[]>();
    expect(states).toHaveLength(13);
    expect(states.every((s) => s.countryCode === 'CA')).toBe(true);
    expect(states).toContainEqual({ code: 'QC', name: 'Quebec', countryCode: 'CA' });
  });

  it('accepts a lower-case country code and answers every country without one', async () => {
    const lower = await get('/api/states?countryCode=ca');
    expect(lower.json<State[]>()).toHaveLength(13);
    const all = await get('/api/states');
    const countries = new Set(all.json<State[]>().map((s) => s.countryCode));
    expect(countries.has('CA')).toBe(true);
    expect(countries.has('US')).toBe(true);
  });

  it("answers 400 'countryCode must be a 2-letter country code' to a bad code", async () => {
    for (const code of ['CAN', 'C', '12']) {
      const response = await get(`/api/states?countryCode=${code}`);
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'countryCode must be a 2-letter country code' });
    }
  });
});

describe('GET /api/cities/search', () => {
  it("finds Toronto by 'tor', whatever the case", async () => {
    for (const name of ['tor', 'TOR']) {
      const response = await get(`/api/cities/search?name=${name}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<City[]>()).toContainEqual({
        id: expect.any(String),
        name: 'Toronto',
        stateName: 'Ontario',
        stateCode: 'ON',
        countryCode: 'CA',
      });
      expect(response.json<City[]>().every((c) => c.name.toLowerCase().startsWith('tor'))).toBe(true);
    }
  });

  it("ignores accents: 'montr' and 'Montré' find Montréal", async () => {
    for (const name of ['montr', 'Montré']) {
      const response = await get(`/api/cities/search?name=${encodeURIComponent(name)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<City[]>().map((c) => c.name)).toContain('Montréal');
    }
  });

  it('narrows by country and finds nothing for an unknown name', async () => {
    const inUs = await get('/api/cities/search?name=tor&countryCode=US');
    expect(inUs.json<City[]>().some((c) => c.name === 'Toronto')).toBe(false);
    const none = await get('/api/cities/search?name=zzqx');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('treats % and _ as plain characters', async () => {
    const response = await get(`/api/cities/search?name=${encodeURIComponent('%%')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("answers 400 'Enter at least 2 characters to search cities' to one character", async () => {
    for (const name of ['t', ' t ']) {
      const response = await get(`/api/cities/search?name=${encodeURIComponent(name)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'Enter at least 2 characters to search cities' });
    }
  });

  it('answers 400 without a name', async () => {
    const response = await get('/api/cities/search');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'name is required' });
  });
});
