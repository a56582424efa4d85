import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from './privacy-walk-seed';
import { WALK } from './privacy-walk-steps';
import { Walker } from './privacy-walker';
import { createTestContext, type TestContext } from './test-app';

/*
 * Nothing missing from the audit trail (issue 26, spec 3 §3 Audit entry): every route of the
 * OpenAPI document is called the way the private-field walk calls it (privacy-walk-steps.ts, with
 * real data, so most changes succeed), as an administrator; each mutating call (POST, PUT, PATCH,
 * DELETE) that succeeds must leave at least one new audit entry of the company. A mutating route
 * that writes none is listed in NOT_AUDITED below with its reason, or the test fails.
 */

/**
 * The deliberate exceptions, 'METHOD /url' → why no audit entry is written. Keep one line each;
 * a route added here without a reason a reviewer would accept is a hole in the trail.
 */
const NOT_AUDITED: Record<string, string> = {
  // Working copies: the change is audited when the draft is saved as the incident (INCIDENT CREATE/EDIT).
  'POST /draftIncidents': 'opens a working copy (autosave area), the incident is not changed',
  'PUT /draftIncidents': 'draft autosave; the save of the incident is audited',
  'DELETE /draftIncidents/:id': 'discards a working copy; the incident is not changed',
  'POST /incidents/persons/picture/:id': 'upload into a working copy; audited with the incident save',
  'POST /incidents/persons': 'adds a register person to a working copy; audited with the incident save',
  'POST /incidents/companies': 'adds a register company to a working copy; audited with the incident save',
  // Reads that POST for a body (criteria too long for a query string); the read itself is audited where the spec asks.
  'POST /audits/verify': 'checks an uploaded checkpoint against the chain; reads only (the sealing is not a change)',
  'POST /persons/duplicationCheck': 'reads the register for likely duplicates of a person being typed',
  'POST /companies/duplicationCheck': 'reads the register for likely duplicates of a company being typed',
  'POST /subjects/alerts':
    "reads the bans covering the form's subjects and location; the alerts of a saved incident are audited with its save (SUBJECT ALERT)",
  'POST /incidents/search/count':
    'the total of a search whose page (POST /incidents/search, audited as SEARCH) the search page asks beside it; a number only, as the dashboard card counts',
  // The user's own session bookkeeping: the first POST of a session is audited (AUTHENTICATION CREATE), a refresh is not.
  'POST /users/sessions': 'a token renewal refreshes last-seen; the session start itself is audited',
  // The signed-in user's own transient state.
  'DELETE /notifications/:id': 'dismisses a banner for the signed-in user only; no company data changes',
  'DELETE /reports/:id':
    "removes the uploader's own temporary report upload when the viewer closes (the print was audited)",
  'POST /mfa/startEnrol':
    'texts a code to the phone being enrolled; the enrolment is audited when confirmed (MFA_PHONE)',
};

/**
 * Changes that should be audited but are not yet, outside issue 26 part 3's reach: accepted here
 * so the walk guards every other route, and listed so they are not forgotten. The test fails once
 * one of them writes an entry (then delete its line).
 */
const KNOWN_GAPS: Record<string, string> = {};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * A walker that counts audit entries around every mutating call: all companies', since a sign-up
 * (POST /accounts) audits in the company it makes. Nothing else runs in this file meanwhile.
 */
class AuditWalker extends Walker {
  /** Mutating routes with a successful call, and those of them where some success wrote nothing. */
  succeeded = new Set<string>();
  silent = new Map<string, string>();

  private entries() {
    return this.t.database.system(async (tx) => {
      const { rows } = (await tx.execute('select count(*)::int as n from audit_entries')) as unknown as {
        rows: { n: number }[];
      };
      return rows[0]?.n ?? 0;
    });
  }

  override async call(route: string, options: Omit<InjectOptions, 'method' | 'url' | 'headers'> & { url: string }) {
    const [method = ''] = route.split(' ');
    if (!MUTATING.has(method)) return super.call(route, options);
    const before = await this.entries();
    const answer = await super.call(route, options);
    if (answer.statusCode < 300) {
      this.succeeded.add(route);
      if ((await this.entries()) === before) this.silent.set(route, `${options.url} answered ${answer.statusCode}`);
    }
    return answer;
  }
}

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the audit walk over every mutating route', () => {
  it('lists only mutating routes of the OpenAPI document as exceptions', () => {
    const mutating = t.app.routeSpecs.filter((route) => MUTATING.has(route.method)).map(routeKey);
    const listed = { ...NOT_AUDITED, ...KNOWN_GAPS };
    expect(Object.keys(listed).filter((key) => !mutating.includes(key))).toEqual([]);
    for (const [key, reason] of Object.entries(listed)) expect(reason.length, key).toBeGreaterThan(10);
  });

  it('finds an audit entry for every successful change, but for the listed exceptions', async () => {
    const seed = await seedCompany(t, 'Audit walk');
    const walker = new AuditWalker(t, seed, await t.signIn(seed.company.admin));
    for (const [, step] of WALK) await step(walker);
    const mutating = t.app.routeSpecs.filter((route) => MUTATING.has(route.method)).map(routeKey);
    const unaudited = [...walker.silent]
      .filter(([route]) => !(route in NOT_AUDITED) && !(route in KNOWN_GAPS))
      .map((r) => r.join(': '));
    expect(unaudited, 'mutating routes that succeeded without an audit entry').toEqual([]);
    // An exception that does write an entry (or no longer exists) is stale: take it out of the list.
    const stale = [...Object.keys(NOT_AUDITED), ...Object.keys(KNOWN_GAPS)].filter(
      (route) => walker.succeeded.has(route) && !walker.silent.has(route),
    );
    expect(stale, 'NOT_AUDITED routes that are audited now').toEqual([]);
    const unchecked = mutating.filter((route) => !walker.succeeded.has(route));
    console.info(
      `audit walk: ${walker.succeeded.size} of ${mutating.length} mutating routes succeeded and were checked ` +
        `(${Object.keys(NOT_AUDITED).length} exceptions, ${Object.keys(KNOWN_GAPS).length} known gaps); ` +
        `not reached with a success: ${unchecked.join(', ') || 'none'}`,
    );
    // The walk must exercise the changes, or it proves nothing.
    expect(walker.succeeded.size).toBeGreaterThan(mutating.length / 2);
  }, 180_000);
});
