import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { pdfWords } from './pdf-text';
import { needles, type Seed } from './privacy-walk-seed';
import type { TestContext } from './test-app';

/** The walker of the private-field walk (privacy-walk.test.ts): its calls, their answers, the markers in them. */

/** Routes not walked, with the reason (none may carry person data). */
export const SKIPPED: Record<string, string> = {};

export interface Answer {
  route: string;
  status: number;
  pdf: boolean;
  text: string;
}

/** Calls as the walker; each route's calls in the order of WALK (later calls use earlier answers). */
export class Walker {
  answers: Answer[] = [];
  called = new Set<string>();
  /** What earlier calls answered that later calls need. */
  state: Record<string, string> = {};
  constructor(
    readonly t: TestContext,
    readonly seed: Seed,
    readonly headers: Record<string, string>,
  ) {}

  async call(route: string, options: Omit<InjectOptions, 'method' | 'url' | 'headers'> & { url: string }) {
    const [method] = route.split(' ') as [InjectOptions['method']];
    const r = await this.t.inject({ ...options, method, url: `/api${options.url}`, headers: this.headers });
    this.called.add(route);
    const type = String(r.headers['content-type'] ?? '');
    const pdf = type.includes('application/pdf');
    this.answers.push({ route, status: r.statusCode, pdf, text: pdf ? await pdfWords(r.rawPayload) : r.body });
    // A 5xx would hide an answer: the walk must see every route answer properly.
    expect(r.statusCode, `${route} ${options.url}: ${r.body.slice(0, 300)}`).toBeLessThan(500);
    return r;
  }

  json<T>(route: string, options: Parameters<Walker['call']>[1]) {
    return this.call(route, options).then((r) => {
      expect(r.statusCode, `${route}: ${r.body.slice(0, 300)}`).toBeLessThan(300);
      return r.json<T>();
    });
  }
}

/** Every marker found, as 'field in ROUTE'. */
export function markersIn(seed: Seed, answers: Answer[]): string[] {
  const found: string[] = [];
  for (const needle of needles(seed)) {
    for (const answer of answers) {
      if (needle.allowedIn?.includes(answer.route) || (needle.pdfOnly && !answer.pdf)) continue;
      const hit = typeof needle.text === 'string' ? answer.text.includes(needle.text) : needle.text.test(answer.text);
      if (hit) found.push(`${needle.field} in ${answer.route}`);
    }
  }
  return found;
}

/** The walk's answers that are not successes, each for a stated reason (see WALK). */
export const EXPECTED_REFUSALS: string[] = [
  // The walk's company has no logo.
  'GET /accounts/logo 404',
  // A sign-in call, refused to an access token (it serves a sign-in waiting for its code).
  'GET /mfa/sendOTP 401',
  // A second code within a minute of the first.
  'GET /mfa/sendOTPForEnrol 429',
  // The walkers are not system administrators (a site-admin call does not exist for them).
  'GET /siteAdmins/authenticateQuickBooks 404',
  // QuickBooks is not configured: the redirect's page says so.
  'GET /siteAdmins/quickBooksCallback 400',
  // A made-up reset token.
  'GET /users/resetPassword 400',
  // A made-up email token.
  'GET /users/verifyEmail 400',
  // A sign-in call, refused to an access token.
  'POST /mfa/verifyOTP 401',
  // Not a system administrator, nor an administrator of the demo company.
  'POST /siteAdmins/demoServer/import 404',
  // The walker's email is verified already.
  'POST /users/myEmailVerification 400',
];
