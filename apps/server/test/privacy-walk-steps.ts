import { randomUUID } from 'node:crypto';
import { type Draft, type IncidentFields, type Person, RESULT_COLUMN_IDS } from '@blotter/shared';
import { expect } from 'vitest';
import { image, PDF } from './file-fixtures';
import { incidentForm } from './fixtures/incident-fixtures';
import { ACCOUNT_STEPS, LOOKUP_STEPS } from './privacy-walk-admin-steps';
import { API_TOKEN_STEPS } from './privacy-walk-api-token-steps';
import { AUDIT_STEPS } from './privacy-walk-audit-steps';
import { IMPORT_STEPS } from './privacy-walk-import-steps';
import { MERGE_STEPS } from './privacy-walk-merge-steps';
import { MFA_STEPS } from './privacy-walk-mfa-steps';
import { NOTIFICATION_CLEANUP_STEPS, NOTIFICATION_STEPS } from './privacy-walk-notification-steps';
import { PROFILE_STEPS } from './privacy-walk-profile-steps';
import { REPORT_CLEANUP_STEPS, REPORT_STEPS, WALK_SEARCH } from './privacy-walk-report-steps';
import type { Seed } from './privacy-walk-seed';
import { SUBJECT_STEPS } from './privacy-walk-subject-steps';
import { SUBSCRIPTION_STEPS } from './privacy-walk-subscription-steps';
import { USER_ADMIN_STEPS } from './privacy-walk-user-steps';
import { WEBHOOK_CLEANUP_STEPS, WEBHOOK_STEPS } from './privacy-walk-webhook-steps';
import type { Walker } from './privacy-walker';
import { form } from './uploads';

/** The steps of the private-field walk (privacy-walk.test.ts): how every route of the API is called. */

/** The saved incidents the walk reads: open and edited, closed and locked, spare. */
const incidentIds = (s: Seed) => [s.openId, s.lockedId, s.spareId];
const PARTS = ['', '/parts', '/persons', '/companies', '/vehicles', '/items', '/correctiveActions', '/attachments'];

/**
 * Every route, keyed 'METHOD /url' as in app.routeSpecs, with the calls that exercise it with the
 * seeded ids. Reads come first, then the changes (whose answers are checked too), and sign-out last.
 */
export const WALK: [string, (w: Walker) => Promise<unknown>][] = [
  ['GET /health', (w) => w.call('GET /health', { url: '/health' })],
  ['GET /config', (w) => w.call('GET /config', { url: '/config' })],
  ['POST /users/sessions', (w) => w.call('POST /users/sessions', { url: '/users/sessions' })],
  ['GET /users/sessions', (w) => w.call('GET /users/sessions', { url: '/users/sessions' })],
  ['GET /users/offlineKey', (w) => w.call('GET /users/offlineKey', { url: '/users/offlineKey' })],
  ['GET /commons/initData', (w) => w.call('GET /commons/initData', { url: '/commons/initData' })],
  [
    'GET /notifications',
    async (w) => {
      const list = await w.json<{ id: string }[]>('GET /notifications', { url: '/notifications' });
      expect(list.length).toBeGreaterThan(0);
      w.state.notification = list[0]?.id ?? '';
    },
  ],
  ...NOTIFICATION_STEPS,
  ...WEBHOOK_STEPS,
  ['GET /users/investigators', (w) => w.call('GET /users/investigators', { url: '/users/investigators' })],
  ['GET /users/verifyEmail', (w) => w.call('GET /users/verifyEmail', { url: '/users/verifyEmail?token=x' })],
  ['GET /countries', (w) => w.call('GET /countries', { url: '/countries' })],
  // The public sign-up answers only what it was sent (a new company, nothing of the walk's).
  [
    'POST /accounts',
    (w) =>
      w.call('POST /accounts', {
        url: '/accounts',
        payload: {
          email: `walk-${randomUUID()}@walk-signup.example`,
          password: 'Walk!2345',
          passwordConfirm: 'Walk!2345',
          firstName: 'Walker',
          lastName: 'Signup',
          companyName: 'Walk Sign-up Inc.',
          phone: '555-0100',
          companyCountryCode: 'CA',
          businessType: 'general',
          serviceAgreementChecked: true,
        },
      }),
  ],
  ['GET /states', (w) => w.call('GET /states', { url: '/states' })],
  // The city list is reference data (the marked city is one of its names): searched for another.
  ['GET /cities/search', (w) => w.call('GET /cities/search', { url: '/cities/search?name=to' })],
  ['GET /incidents/my', (w) => w.call('GET /incidents/my', { url: '/incidents/my?psz=100' })],
  ['GET /incidents/my/counts', (w) => w.call('GET /incidents/my/counts', { url: '/incidents/my/counts' })],
  // Search answers list rows (names, never private fields); the export writes every column.
  [
    'POST /incidents/search',
    async (w) => {
      await w.call('POST /incidents/search', { url: '/incidents/search?psz=100', payload: { criteria: WALK_SEARCH } });
      // Rows first (the search page's call): the same rows, their total left to the count.
      await w.call('POST /incidents/search', {
        url: '/incidents/search?psz=100&total=deferred',
        payload: { criteria: WALK_SEARCH },
      });
    },
  ],
  [
    'POST /incidents/search/count',
    (w) =>
      w.call('POST /incidents/search/count', { url: '/incidents/search/count', payload: { criteria: WALK_SEARCH } }),
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
  ...LOOKUP_STEPS,
  ...ACCOUNT_STEPS,
  ...API_TOKEN_STEPS,
  ...SUBSCRIPTION_STEPS,
  ...REPORT_STEPS,
  ...IMPORT_STEPS,
  ...SUBJECT_STEPS,
  ...MERGE_STEPS,
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
  ...AUDIT_STEPS,
  ...REPORT_CLEANUP_STEPS,
  ...NOTIFICATION_CLEANUP_STEPS,
  ...WEBHOOK_CLEANUP_STEPS,
  ...USER_ADMIN_STEPS,
  ...MFA_STEPS,
  ...PROFILE_STEPS,
  // Sign-out ends the walker's session: last.
  ['DELETE /users/sessions', (w) => w.call('DELETE /users/sessions', { url: '/users/sessions' })],
];
