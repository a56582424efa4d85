import { randomUUID } from 'node:crypto';
import {
  type Draft,
  type IncidentFields,
  type IncidentRow,
  type Person,
  PRIVILEGES,
  RESULT_COLUMN_IDS,
  RESULT_COLUMNS,
} from '@blotter/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidentForm } from '../src/modules/incidents/incident-fixtures';
import { image, PDF } from './file-fixtures';
import { pdfWords } from './pdf-text';
import { needles, type Seed, seedCompany } from './privacy-walk-seed';
import { createTestContext, type TestContext } from './test-app';
import { form } from './uploads';

/*
 * The private-field walk (issue 9 §1): a person whose every private field (PRIVATE_PERSON_FIELDS)
 * holds a unique marker is recorded on incidents (open, edited, closed and locked), in the
 * register and in working copies; then EVERY route of the API (app.routeSpecs, which the OpenAPI
 * document lists) is called as a user holding every privilege but PRIVACY_INFO_VIEW, and no
 * answer (JSON, PDF text, any other text) may hold a marker. The same walk as an administrator
 * must find every marker, so the check is known to see them. A route added without an entry in
 * WALK (or in SKIPPED, with the reason) fails the test.
 */

/** Routes not walked, with the reason (none may carry person data). */
const SKIPPED: Record<string, string> = {};

let t: TestContext;

interface Answer {
  route: string;
  status: number;
  pdf: boolean;
  text: string;
}

/** Calls as the walker; each route's calls in the order of WALK (later calls use earlier answers). */
class Walker {
  answers: Answer[] = [];
  called = new Set<string>();
  /** What earlier calls answered that later calls need. */
  state: Record<string, string> = {};
  constructor(
    readonly seed: Seed,
    readonly headers: Record<string, string>,
  ) {}

  async call(route: string, options: Omit<InjectOptions, 'method' | 'url' | 'headers'> & { url: string }) {
    const [method] = route.split(' ') as [InjectOptions['method']];
    const r = await t.inject({ ...options, method, url: `/api${options.url}`, headers: this.headers });
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

/** Every saved incident: the search's criteria in the walk. */
/** An analysis of the walk: the last 30 days by class. */
const WALK_ANALYSIS_ITEM = { period: { id: 'p1', type: 'lastNDays', days: 30 }, frequency: 'class', chartType: 'bar' };
const WALK_ANALYSIS = { name: 'Walk analysis', criteria: [WALK_ANALYSIS_ITEM], chartType: 'bar', frequency: 'class' };

const WALK_SEARCH = {
  status: {
    values: [
      { id: 'open', status: 1 },
      { id: 'closed', status: 2 },
    ],
  },
};

/** The saved incidents the walk reads: open and edited, closed and locked, spare. */
const incidentIds = (s: Seed) => [s.openId, s.lockedId, s.spareId];
const PARTS = ['', '/parts', '/persons', '/companies', '/vehicles', '/items', '/correctiveActions', '/attachments'];

/**
 * Every route, keyed 'METHOD /url' as in app.routeSpecs, with the calls that exercise it with the
 * seeded ids. Reads come first, then the changes (whose answers are checked too), and sign-out last.
 */
/** The POST, GET and PUT steps of the saved items under each base; a saved id is kept as state[base]. */
const savedItemSteps = (
  bases: readonly string[],
  created: object,
  changed: object,
): [string, (w: Walker) => Promise<unknown>][] =>
  bases.flatMap((base): [string, (w: Walker) => Promise<unknown>][] => [
    [
      `POST ${base}`,
      async (w) => {
        const saved = await w.json<{ id: string }>(`POST ${base}`, { url: base, payload: created });
        w.state[base] = saved.id;
      },
    ],
    [`GET ${base}`, (w) => w.call(`GET ${base}`, { url: `${base}?psz=100` })],
    [`PUT ${base}`, (w) => w.call(`PUT ${base}`, { url: base, payload: { id: w.state[base], ...changed } })],
  ]);

const WALK: [string, (w: Walker) => Promise<unknown>][] = [
  ['GET /health', (w) => w.call('GET /health', { url: '/health' })],
  ['GET /config', (w) => w.call('GET /config', { url: '/config' })],
  ['POST /users/sessions', (w) => w.call('POST /users/sessions', { url: '/users/sessions' })],
  ['GET /commons/initData', (w) => w.call('GET /commons/initData', { url: '/commons/initData' })],
  [
    'GET /notifications',
    async (w) => {
      const list = await w.json<{ id: string }[]>('GET /notifications', { url: '/notifications' });
      expect(list.length).toBeGreaterThan(0);
      w.state.notification = list[0]?.id ?? '';
    },
  ],
  ['GET /users/investigators', (w) => w.call('GET /users/investigators', { url: '/users/investigators' })],
  ['GET /users/verifyEmail', (w) => w.call('GET /users/verifyEmail', { url: '/users/verifyEmail?token=x' })],
  ['GET /countries', (w) => w.call('GET /countries', { url: '/countries' })],
  ['GET /states', (w) => w.call('GET /states', { url: '/states' })],
  // The city list is reference data (the marked city is one of its names): searched for another.
  ['GET /cities/search', (w) => w.call('GET /cities/search', { url: '/cities/search?name=to' })],
  ['GET /incidents/my', (w) => w.call('GET /incidents/my', { url: '/incidents/my?psz=100' })],
  ['GET /incidents/my/counts', (w) => w.call('GET /incidents/my/counts', { url: '/incidents/my/counts' })],
  // Search answers list rows (names, never private fields); the export writes every column.
  [
    'POST /incidents/search',
    (w) => w.call('POST /incidents/search', { url: '/incidents/search?psz=100', payload: { criteria: WALK_SEARCH } }),
  ],
  [
    'POST /incidents/search/export',
    (w) =>
      w.call('POST /incidents/search/export', {
        url: '/incidents/search/export',
        payload: { criteria: WALK_SEARCH, columns: RESULT_COLUMN_IDS },
      }),
  ],
  [
    'GET /incidents/:id',
    async (w) => {
      for (const id of incidentIds(w.seed)) await w.call('GET /incidents/:id', { url: `/incidents/${id}` });
    },
  ],
  ...PARTS.slice(1).map((part): [string, (w: Walker) => Promise<unknown>] => [
    `GET /incidents/:id${part}`,
    async (w) => {
      for (const id of incidentIds(w.seed))
        await w.call(`GET /incidents/:id${part}`, { url: `/incidents/${id}${part}` });
    },
  ]),
  [
    'POST /incidents/audits/read',
    (w) =>
      w.call('POST /incidents/audits/read', {
        url: '/incidents/audits/read',
        payload: { id: w.seed.openId, number: w.seed.openNumber },
      }),
  ],
  [
    'GET /incidents/:id/history',
    async (w) => {
      const ids: string[] = [];
      for (const id of incidentIds(w.seed)) {
        const list = await w.json<{ id: string }[]>('GET /incidents/:id/history', { url: `/incidents/${id}/history` });
        ids.push(...list.map((entry) => entry.id));
      }
      w.state.history = ids.join(',');
    },
  ],
  [
    'GET /incidents/historyItem/:id',
    async (w) => {
      for (const id of w.state.history?.split(',') ?? [])
        await w.call('GET /incidents/historyItem/:id', { url: `/incidents/historyItem/${id}` });
    },
  ],
  [
    'GET /incidents/historyItemForCompare/:id',
    async (w) => {
      for (const id of w.state.history?.split(',') ?? [])
        await w.call('GET /incidents/historyItemForCompare/:id', { url: `/incidents/historyItemForCompare/${id}` });
    },
  ],
  [
    'GET /incidents/:id/print',
    async (w) => {
      for (const id of incidentIds(w.seed)) await w.call('GET /incidents/:id/print', { url: `/incidents/${id}/print` });
    },
  ],
  ['GET /draftIncidents', (w) => w.call('GET /draftIncidents', { url: '/draftIncidents?psz=100' })],
  ['GET /draftIncidents/counts', (w) => w.call('GET /draftIncidents/counts', { url: '/draftIncidents/counts' })],
  [
    'POST /draftIncidents',
    async (w) => {
      const copy = await w.json<Draft>('POST /draftIncidents', {
        url: '/draftIncidents',
        payload: { incidentId: w.seed.openId },
      });
      // Opening stores nothing; the first save stores the copy (as answered: masked or not).
      await w.json('PUT /draftIncidents', {
        url: '/draftIncidents',
        payload: { id: copy.id, data: copy.data, incidentId: w.seed.openId, baseVersion: copy.baseVersion },
      });
      const draft = await w.json<Draft>('POST /draftIncidents', { url: '/draftIncidents', payload: {} });
      w.state.openDraft = copy.id;
      w.state.draft = draft.id;
    },
  ],
  ['GET /persons/search', (w) => w.call('GET /persons/search', { url: '/persons/search?name=Walker' })],
  [
    'POST /persons/duplicationCheck',
    (w) =>
      w.call('POST /persons/duplicationCheck', {
        url: '/persons/duplicationCheck',
        payload: { firstName: 'Walker', lastName: 'Marked' },
      }),
  ],
  ['GET /companies/search', (w) => w.call('GET /companies/search', { url: '/companies/search?name=Company' })],
  [
    'POST /companies/duplicationCheck',
    (w) =>
      w.call('POST /companies/duplicationCheck', { url: '/companies/duplicationCheck', payload: { name: 'Company' } }),
  ],
  [
    'POST /incidents/persons',
    async (w) => {
      const card = await w.json<Person>('POST /incidents/persons', {
        url: '/incidents/persons',
        payload: { personId: w.seed.registerId },
      });
      w.state.card = JSON.stringify(card);
    },
  ],
  [
    'POST /incidents/companies',
    (w) =>
      w.call('POST /incidents/companies', { url: '/incidents/companies', payload: { personId: w.seed.companyId } }),
  ],
  ['GET /companies/owner', (w) => w.call('GET /companies/owner', { url: '/companies/owner' })],
  [
    // The walker's new draft gets the register person's card as answered (masked or not) and is saved.
    'PUT /draftIncidents',
    async (w) => {
      const fields = incidentForm(w.seed.refs, { persons: 1 });
      const card = JSON.parse(w.state.card ?? '{}') as Person;
      const data = { ...fields, persons: [{ ...card, id: fields.persons[0]?.id ?? card.id }] };
      w.state.draftData = JSON.stringify(data);
      await w.json('PUT /draftIncidents', { url: '/draftIncidents', payload: { id: w.state.draft, data } });
    },
  ],
  [
    'GET /draftIncidents/:id',
    async (w) => {
      for (const id of [w.state.openDraft, w.state.draft])
        await w.call('GET /draftIncidents/:id', { url: `/draftIncidents/${id}` });
    },
  ],
  [
    'POST /incidents/attachments',
    async (w) => {
      const file = await w.json<{ id: string }>('POST /incidents/attachments', {
        url: '/incidents/attachments',
        payload: form({ incidentId: w.seed.openId, name: 'Walk file' }, { data: PDF, name: 'walk.pdf' }),
      });
      w.state.attachment = file.id;
    },
  ],
  [
    'PUT /incidents/attachments',
    (w) =>
      w.call('PUT /incidents/attachments', {
        url: '/incidents/attachments',
        payload: { id: w.state.attachment, name: 'Walk file renamed' },
      }),
  ],
  [
    'DELETE /incidents/attachments/:id',
    (w) => w.call('DELETE /incidents/attachments/:id', { url: `/incidents/attachments/${w.state.attachment}` }),
  ],
  [
    'GET /draftIncidents/:id/attachments',
    (w) => w.call('GET /draftIncidents/:id/attachments', { url: `/draftIncidents/${w.state.openDraft}/attachments` }),
  ],
  [
    'POST /incidents/persons/picture/:id',
    async (w) =>
      w.call('POST /incidents/persons/picture/:id', {
        url: `/incidents/persons/picture/${randomUUID()}`,
        payload: form({ incidentId: w.state.draft ?? '' }, { data: await image('jpeg', 64, 64), name: 'face.jpg' }),
      }),
  ],
  [
    'POST /lookupAddresses',
    async (w) => {
      const address = await w.json<{ id: string }>('POST /lookupAddresses', {
        url: '/lookupAddresses',
        payload: { lookupLocationId: w.seed.refs.location, name: 'Walk site' },
      });
      w.state.address = address.id;
    },
  ],
  [
    'GET /lookupAddresses/:id',
    (w) => w.call('GET /lookupAddresses/:id', { url: `/lookupAddresses/${w.state.address}` }),
  ],
  [
    'PUT /lookupAddresses',
    (w) =>
      w.call('PUT /lookupAddresses', {
        url: '/lookupAddresses',
        payload: { id: w.state.address, lookupLocationId: w.seed.refs.location, name: 'Walk site 2' },
      }),
  ],
  [
    'DELETE /lookupAddresses/:id',
    (w) => w.call('DELETE /lookupAddresses/:id', { url: `/lookupAddresses/${w.state.address}` }),
  ],
  // Saved searches and search reports: saved, listed, changed, counted and run (deleted below).
  ...savedItemSteps(
    ['/incidents/search/custom', '/reports/custom'],
    { name: 'Walk search', criteria: WALK_SEARCH },
    { name: 'Walk search 2', criteria: WALK_SEARCH, columns: ['persons'] },
  ),
  [
    'GET /incidents/search/custom/:id/count',
    async (w) => {
      const url = `/incidents/search/custom/${w.state['/incidents/search/custom']}/count`;
      const { total } = await w.json<{ total: number }>('GET /incidents/search/custom/:id/count', { url });
      expect(total).toBeGreaterThan(0);
    },
  ],
  [
    // The report's run answers the result rows of every saved incident (persons' names included).
    'GET /reports/custom/:id',
    async (w) => {
      const url = `/reports/custom/${w.state['/reports/custom']}?psz=100`;
      const { total, items } = await w.json<{ total: number; items: IncidentRow[] }>('GET /reports/custom/:id', {
        url,
      });
      expect(total).toBeGreaterThan(0);
      w.state.reportRows = JSON.stringify(items);
    },
  ],
  [
    // The report printed as the browser prints it: the rows it answered, in every result column as
    // the shared presentation writes them, uploaded, then read back as a PDF (and removed below).
    'POST /reports',
    async (w) => {
      const rows = JSON.parse(w.state.reportRows ?? '[]') as IncidentRow[];
      const context = { dateFormat: 0, incidentClasses: [], locations: [], severities: [], correctiveActionTypes: [] };
      const id = randomUUID();
      await w.json('POST /reports', {
        url: '/reports',
        payload: {
          id,
          title: 'Walk report',
          data: {
            columns: RESULT_COLUMNS.map((column) => column.header),
            rows: rows.map((row) => RESULT_COLUMNS.map((column) => column.text(row, context))),
          },
        },
      });
      w.state.reportUpload = id;
    },
  ],
  [
    'GET /reports/:id',
    async (w) => {
      const printed = await w.call('GET /reports/:id', { url: `/reports/${w.state.reportUpload}` });
      expect(printed.statusCode).toBe(200);
    },
  ],
  ['GET /accounts/logo', (w) => w.call('GET /accounts/logo', { url: '/accounts/logo' })],
  [
    // The analysis counts the saved incidents by class (the last 30 days): numbers and class names only.
    'POST /analysis',
    async (w) => {
      const result = await w.json<{ series: { data: { count: number }[] }[] }>('POST /analysis', {
        url: '/analysis',
        payload: { criteria: [WALK_ANALYSIS_ITEM] },
      });
      expect(result.series[0]?.data.reduce((sum, bucket) => sum + bucket.count, 0)).toBeGreaterThan(0);
    },
  ],
  // Saved analyses and chart reports: saved, listed and changed (deleted below).
  ...savedItemSteps(['/analysis/custom', '/analysis/reports'], WALK_ANALYSIS, {
    ...WALK_ANALYSIS,
    name: 'Walk analysis 2',
  }),
  [
    // Submits the walker's draft: the register card as the walker holds it.
    'POST /incidents',
    async (w) => {
      const data = JSON.parse(w.state.draftData ?? '{}') as IncidentFields;
      const created = await w.json<{ id: string }>('POST /incidents', {
        url: '/incidents',
        payload: { ...data, draftId: w.state.draft },
      });
      // What was saved from the walker's card is read back.
      await w.call('GET /incidents/:id/persons', { url: `/incidents/${created.id}/persons` });
      await w.call('GET /incidents/:id/print', { url: `/incidents/${created.id}/print` });
    },
  ],
  [
    // Saves the open incident from the walker's working copy as answered, then reads it again.
    'PUT /incidents',
    async (w) => {
      const copy = await w.json<Draft>('GET /draftIncidents/:id', { url: `/draftIncidents/${w.state.openDraft}` });
      await w.json('PUT /incidents', {
        url: '/incidents',
        payload: { ...copy.data, summary: '<p>Walked.</p>', id: w.seed.openId, draftId: copy.id },
      });
      await w.call('GET /incidents/:id/persons', { url: `/incidents/${w.seed.openId}/persons` });
      const list = await w.json<{ id: string }[]>('GET /incidents/:id/history', {
        url: `/incidents/${w.seed.openId}/history`,
      });
      for (const entry of list)
        await w.call('GET /incidents/historyItemForCompare/:id', {
          url: `/incidents/historyItemForCompare/${entry.id}`,
        });
    },
  ],
  [
    'DELETE /draftIncidents/:id',
    async (w) => {
      const draft = await w.json<Draft>('POST /draftIncidents', { url: '/draftIncidents', payload: {} });
      await w.call('DELETE /draftIncidents/:id', { url: `/draftIncidents/${draft.id}` });
    },
  ],
  [
    'POST /incidents/close/:id',
    (w) =>
      w.call('POST /incidents/close/:id', {
        url: `/incidents/close/${w.seed.spareId}`,
        payload: { closedBy: 'USER', closeComments: 'Walked.' },
      }),
  ],
  ['POST /incidents/lock/:id', (w) => w.call('POST /incidents/lock/:id', { url: `/incidents/lock/${w.seed.spareId}` })],
  [
    'POST /incidents/unlock/:id',
    (w) => w.call('POST /incidents/unlock/:id', { url: `/incidents/unlock/${w.seed.spareId}` }),
  ],
  ['POST /incidents/open/:id', (w) => w.call('POST /incidents/open/:id', { url: `/incidents/open/${w.seed.spareId}` })],
  ['DELETE /incidents/:id', (w) => w.call('DELETE /incidents/:id', { url: `/incidents/${w.seed.doomedId}` })],
  [
    'DELETE /notifications/:id',
    (w) => w.call('DELETE /notifications/:id', { url: `/notifications/${w.state.notification}` }),
  ],
  [
    'POST /users/myEmailVerification',
    (w) => w.call('POST /users/myEmailVerification', { url: '/users/myEmailVerification' }),
  ],
  ['DELETE /reports/:id', (w) => w.call('DELETE /reports/:id', { url: `/reports/${w.state.reportUpload}` })],
  ...(['/incidents/search/custom', '/reports/custom', '/analysis/custom', '/analysis/reports'] as const).map(
    (base): [string, (w: Walker) => Promise<unknown>] => [
      `DELETE ${base}/:id`,
      (w) => w.call(`DELETE ${base}/:id`, { url: `${base}/${w.state[base]}` }),
    ],
  ),
  // Sign-out ends the walker's session: last.
  ['DELETE /users/sessions', (w) => w.call('DELETE /users/sessions', { url: '/users/sessions' })],
];

async function walk(seed: Seed, headers: Record<string, string>): Promise<Walker> {
  const walker = new Walker(seed, headers);
  for (const [, step] of WALK) await step(walker);
  return walker;
}

/** Every marker found, as 'field in ROUTE'. */
function markersIn(seed: Seed, answers: Answer[]): string[] {
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
const EXPECTED_REFUSALS: string[] = [
  // The walk's company has no logo.
  'GET /accounts/logo 404',
  // A made-up email token.
  'GET /users/verifyEmail 400',
  // The walker's email is verified already.
  'POST /users/myEmailVerification 400',
];

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
    const admin = await walk(adminSeed, await t.signIn(adminSeed.company.admin));
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

    // A user of another company with every privilege but PRIVACY_INFO_VIEW, on the same seed.
    const seed = await seedCompany(t, 'Walk plain');
    const plainUser = await t.createUser(seed.company.accountId, {
      privileges: PRIVILEGES.filter((code) => code !== 'PRIVACY_INFO_VIEW'),
    });
    const plain = await walk(seed, await t.signIn(plainUser));
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
  });
});
