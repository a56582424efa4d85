import { randomUUID } from 'node:crypto';
import { image } from './file-fixtures';
import type { Walker } from './privacy-walker';
import { form } from './uploads';

/**
 * The walk's steps of the Lookups and Settings cards (privacy-walk-steps.ts places them in WALK):
 * each item is added, read, changed and deleted; the settings are saved as they are, and a logo is
 * uploaded and removed again (GET /accounts/logo, earlier in the walk, expects none).
 */

type Step = [string, (w: Walker) => Promise<unknown>];

const single = (w: Walker) => ({ id: w.state.single ?? '', type: 'department', name: 'Walk dept 2', active: false });
const node = (w: Walker) => ({ id: w.state.node ?? '', type: 'location', name: 'Walk place 2', active: false });

export const LOOKUP_STEPS: Step[] = [
  ['GET /lookupSingles', (w) => w.call('GET /lookupSingles', { url: '/lookupSingles?type=department' })],
  [
    'POST /lookupSingles',
    async (w) => {
      w.state.single = randomUUID();
      await w.json('POST /lookupSingles', {
        url: '/lookupSingles',
        payload: { id: w.state.single, type: 'department', name: 'Walk dept' },
      });
    },
  ],
  ['GET /lookupSingles/:id', (w) => w.call('GET /lookupSingles/:id', { url: `/lookupSingles/${w.state.single}` })],
  ['PUT /lookupSingles', (w) => w.call('PUT /lookupSingles', { url: '/lookupSingles', payload: single(w) })],
  [
    'DELETE /lookupSingles/:id',
    (w) => w.call('DELETE /lookupSingles/:id', { url: `/lookupSingles/${w.state.single}?type=department` }),
  ],
  ['GET /lookupMultiples', (w) => w.call('GET /lookupMultiples', { url: '/lookupMultiples?type=location' })],
  [
    'POST /lookupMultiples',
    async (w) => {
      w.state.node = randomUUID();
      await w.json('POST /lookupMultiples', {
        url: '/lookupMultiples',
        payload: { id: w.state.node, type: 'location', name: 'Walk place', parentId: w.seed.refs.location },
      });
    },
  ],
  ['GET /lookupMultiples/:id', (w) => w.call('GET /lookupMultiples/:id', { url: `/lookupMultiples/${w.state.node}` })],
  ['PUT /lookupMultiples', (w) => w.call('PUT /lookupMultiples', { url: '/lookupMultiples', payload: node(w) })],
  [
    'GET /lookupMultiples/export',
    (w) => w.call('GET /lookupMultiples/export', { url: '/lookupMultiples/export?type=location' }),
  ],
  ['GET /lookupMultipleLabels', (w) => w.call('GET /lookupMultipleLabels', { url: '/lookupMultipleLabels' })],
  [
    'POST /lookupMultipleLabels',
    (w) =>
      w.call('POST /lookupMultipleLabels', {
        url: '/lookupMultipleLabels',
        payload: { type: 'incidentCause', labels: ['Cause', 'Detail'] },
      }),
  ],
  [
    'DELETE /lookupMultiples/:id',
    (w) => w.call('DELETE /lookupMultiples/:id', { url: `/lookupMultiples/${w.state.node}` }),
  ],
];

export const ACCOUNT_STEPS: Step[] = [
  ['GET /accounts', (w) => w.call('GET /accounts', { url: '/accounts' })],
  [
    'PUT /accounts',
    (w) =>
      w.call('PUT /accounts', {
        url: '/accounts',
        payload: { companyName: 'Walk Co', companyCountryCode: 'CA', measurementType: 0 },
      }),
  ],
  [
    'GET /accounts/settings',
    async (w) => {
      const { logoImage: _logo, ...settings } = await w.json<Record<string, unknown>>('GET /accounts/settings', {
        url: '/accounts/settings',
      });
      w.state.settings = JSON.stringify({ ...settings, phone: settings.phone || '555-0100' });
    },
  ],
  [
    'PUT /accounts/settings',
    (w) =>
      w.call('PUT /accounts/settings', { url: '/accounts/settings', payload: JSON.parse(w.state.settings ?? '{}') }),
  ],
  [
    'POST /accounts/logo',
    async (w) =>
      w.call('POST /accounts/logo', {
        url: '/accounts/logo',
        payload: form({}, { data: await image('png', 32, 32), name: 'logo.png' }),
      }),
  ],
  ['DELETE /accounts/logo', (w) => w.call('DELETE /accounts/logo', { url: '/accounts/logo' })],
];
