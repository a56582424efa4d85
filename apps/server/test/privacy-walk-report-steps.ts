import { randomUUID } from 'node:crypto';
import { type IncidentRow, RESULT_COLUMNS } from '@blotter/shared';
import { expect } from 'vitest';
import type { Walker } from './privacy-walker';

/**
 * The walk's steps of saved searches, search reports and their print, the analysis and saved
 * analyses (privacy-walk-steps.ts places them in WALK): saved, listed, changed and run, then
 * deleted by REPORT_CLEANUP_STEPS.
 */

type Step = [string, (w: Walker) => Promise<unknown>];

/** Every saved incident: the search's criteria in the walk. */
export const WALK_SEARCH = {
  status: {
    values: [
      { id: 'open', status: 1 },
      { id: 'closed', status: 2 },
    ],
  },
};

/** An analysis of the walk: the last 30 days by class. */
const WALK_ANALYSIS_ITEM = { period: { id: 'p1', type: 'lastNDays', days: 30 }, frequency: 'class', chartType: 'bar' };
const WALK_ANALYSIS = { name: 'Walk analysis', criteria: [WALK_ANALYSIS_ITEM], chartType: 'bar', frequency: 'class' };

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

export const REPORT_STEPS: Step[] = [
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
];

/** The deletions of what REPORT_STEPS saved and uploaded. */
export const REPORT_CLEANUP_STEPS: Step[] = [
  ['DELETE /reports/:id', (w) => w.call('DELETE /reports/:id', { url: `/reports/${w.state.reportUpload}` })],
  ...(['/incidents/search/custom', '/reports/custom', '/analysis/custom', '/analysis/reports'] as const).map(
    (base): [string, (w: Walker) => Promise<unknown>] => [
      `DELETE ${base}/:id`,
      (w) => w.call(`DELETE ${base}/:id`, { url: `${base}/${w.state[base]}` }),
    ],
  ),
];
