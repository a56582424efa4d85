import { PRIVILEGES } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needles, type Seed, seedCompany } from './privacy-walk-seed';
import { WALK } from './privacy-walk-steps';
import { EXPECTED_REFUSALS, markersIn, SKIPPED, Walker } from './privacy-walker';
import { createTestContext, type TestContext } from './test-app';

/*
 * The private-field walk (issue 9 §1): a person whose every private field (PRIVATE_PERSON_FIELDS)
 * holds a unique marker is recorded on incidents (open, edited, closed and locked), in the
 * register and in working copies; then EVERY route of the API (app.routeSpecs, which the OpenAPI
 * document lists) is called as a user holding every privilege but PRIVACY_INFO_VIEW, and no
 * answer (JSON, PDF text, any other text) may hold a marker. The same walk as an administrator
 * must find every marker, so the check is known to see them. A route added without an entry in
 * WALK (or in SKIPPED, with the reason) fails the test.
 */

let t: TestContext;

/** Runs every step of WALK as the user of `headers`; answers the walker with what it was answered. */
async function walk(t: TestContext, seed: Seed, headers: Record<string, string>): Promise<Walker> {
  const walker = new Walker(t, seed, headers);
  for (const [, step] of WALK) await step(walker);
  return walker;
}

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the private-field walk over every route', () => {
  it('walks every route of the OpenAPI document (a new route must be added to WALK or SKIPPED)', async () => {
    const all = t.app.routeSpecs.map(routeKey);
    const walked = WALK.map(([key]) => key);
    expect(new Set(walked).size, 'WALK lists a route twice').toBe(walked.length);
    expect([...walked, ...Object.keys(SKIPPED)].sort()).toEqual([...all].sort());
    // The OpenAPI document lists the same operations.
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(documented).toBe(all.length);
  });

  it('finds no marker in any answer to a user without PRIVACY_INFO_VIEW, and every marker as an administrator', async () => {
    // Administrator of one company: the walk must see every marker (else the check proves nothing).
    const adminSeed = await seedCompany(t, 'Walk admin');
    const admin = await walk(t, adminSeed, await t.signIn(adminSeed.company.admin));
    const seenByAdmin = markersIn(adminSeed, admin.answers);
    for (const needle of needles(adminSeed)) {
      expect(
        seenByAdmin.some((hit) => hit.startsWith(`${needle.field} in`)),
        `admin sees ${needle.field}`,
      ).toBe(true);
    }
    // The printed PDF is read: its text holds the person's details for the administrator.
    expect(seenByAdmin).toContain('phone in GET /incidents/:id/print');
    expect(seenByAdmin).toContain('dateOfBirth (printed) in GET /incidents/:id/print');
    expect(seenByAdmin).toContain('lookupGenderTypeId (printed) in GET /incidents/:id/print');
    expect(seenByAdmin).toContain('address in GET /incidents/:id/print');
    // And a ban's printed notice holds the register person's date of birth and address (issue 31).
    expect(seenByAdmin).toContain('dateOfBirth (printed) in GET /subjects/bans/:id/print');
    expect(seenByAdmin).toContain('address in GET /subjects/bans/:id/print');

    // A user of another company with every privilege but PRIVACY_INFO_VIEW, on the same seed.
    const seed = await seedCompany(t, 'Walk plain');
    const plainUser = await t.createUser(seed.company.accountId, {
      privileges: PRIVILEGES.filter((code) => code !== 'PRIVACY_INFO_VIEW'),
    });
    const plain = await walk(t, seed, await t.signIn(plainUser));
    const routes = t.app.routeSpecs.map(routeKey);
    expect([...plain.called].sort()).toEqual([...routes].filter((key) => !(key in SKIPPED)).sort());
    const leaks = markersIn(seed, plain.answers);
    console.info(
      `privacy walk: ${plain.called.size} of ${routes.length} routes, ${plain.answers.length} answers checked ` +
        `(${plain.answers.filter((a) => a.status < 300).length} successful, ${plain.answers.filter((a) => a.pdf).length} PDF), ` +
        `${leaks.length} markers found; ` +
        `administrator: ${admin.answers.length} answers, ${seenByAdmin.length} marker hits`,
    );
    const refused = plain.answers.filter((a) => a.status >= 300).map((a) => `${a.route} ${a.status}`);
    // Calls made with ids that exist nowhere on purpose, or that must be refused.
    expect(refused.sort()).toEqual(EXPECTED_REFUSALS);
    expect(leaks).toEqual([]);
  }, 240_000);
});
