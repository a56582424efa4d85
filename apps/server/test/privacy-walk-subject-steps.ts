import { PDF } from './file-fixtures';
import type { Walker } from './privacy-walker';
import { form } from './uploads';

/**
 * The walk's steps of the subjects (issue 31; privacy-walk-steps.ts places them in WALK): the list,
 * the marked person's identity and timeline (its private fields masked for the plain walker), the
 * legal entity and vehicle beside it, and a ban recorded, changed, given its notice, printed and revoked.
 */

type Step = [string, (w: Walker) => Promise<unknown>];

const subjects = (w: Walker) => [
  `person/${w.seed.registerId}`,
  `legalEntity/${w.seed.companyId}`,
  `vehicle/${w.state.vehicleSubject ?? ''}`,
];

const ban = (w: Walker, reason: string) => ({
  banType: 'trespass',
  reason,
  locationIds: [w.seed.refs.location],
  startDate: '2026-01-01',
  endDate: null,
});

export const SUBJECT_STEPS: Step[] = [
  [
    'GET /subjects',
    async (w) => {
      await w.call('GET /subjects', { url: '/subjects?psz=100' });
      await w.call('GET /subjects', { url: '/subjects?q=walker' });
      const vehicles = await w.json<{ items: { id: string }[] }>('GET /subjects', { url: '/subjects?kind=vehicle' });
      w.state.vehicleSubject = vehicles.items[0]?.id ?? '';
    },
  ],
  [
    'GET /subjects/:kind/:id',
    async (w) => {
      for (const subject of subjects(w)) await w.json('GET /subjects/:kind/:id', { url: `/subjects/${subject}` });
    },
  ],
  [
    'GET /subjects/:kind/:id/incidents',
    async (w) => {
      for (const subject of subjects(w)) {
        await w.json('GET /subjects/:kind/:id/incidents', { url: `/subjects/${subject}/incidents` });
      }
    },
  ],
  [
    'POST /subjects/:kind/:id/bans',
    async (w) => {
      const created = await w.json<{ id: string }>('POST /subjects/:kind/:id/bans', {
        url: `/subjects/person/${w.seed.registerId}/bans`,
        payload: ban(w, 'Walk ban'),
      });
      w.state.ban = created.id;
    },
  ],
  [
    'PUT /subjects/bans/:id',
    (w) => w.json('PUT /subjects/bans/:id', { url: `/subjects/bans/${w.state.ban}`, payload: ban(w, 'Walk ban 2') }),
  ],
  [
    'POST /subjects/bans/:id/notice',
    (w) =>
      w.json('POST /subjects/bans/:id/notice', {
        url: `/subjects/bans/${w.state.ban}/notice`,
        payload: form({}, { data: PDF, name: 'notice.pdf' }),
      }),
  ],
  // The printed notice: the person's date of birth and address only for PRIVACY_INFO_VIEW.
  [
    'GET /subjects/bans/:id/print',
    (w) => w.call('GET /subjects/bans/:id/print', { url: `/subjects/bans/${w.state.ban}/print` }),
  ],
  [
    'GET /subjects/:kind/:id/bans',
    async (w) => {
      for (const subject of subjects(w))
        await w.json('GET /subjects/:kind/:id/bans', { url: `/subjects/${subject}/bans` });
    },
  ],
  [
    'POST /subjects/alerts',
    // While the walk's ban is in force: the alert names the marked person, and never a private field.
    (w) =>
      w.json('POST /subjects/alerts', {
        url: '/subjects/alerts',
        payload: {
          locationId: w.seed.refs.location,
          personIds: [w.seed.registerId],
          companyIds: [w.seed.companyId],
          vehicles: [{ licensePlate: 'ABC 123', stateProvince: 'ON' }],
        },
      }),
  ],
  [
    'GET /incidents/:id/subjectAlerts',
    async (w) => {
      for (const id of [w.seed.openId, w.seed.lockedId, w.seed.spareId])
        await w.call('GET /incidents/:id/subjectAlerts', { url: `/incidents/${id}/subjectAlerts` });
    },
  ],
  ['DELETE /subjects/bans/:id', (w) => w.call('DELETE /subjects/bans/:id', { url: `/subjects/bans/${w.state.ban}` })],
];
