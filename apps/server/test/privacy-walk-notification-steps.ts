import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs } from '../src/db/schema/index';
import type { Walker } from './privacy-walker';

/**
 * The walk's steps of the incident email notification rules (privacy-walk-steps.ts places them in
 * WALK): a rule on the seeded incidents' class for every event, made before the walk edits and
 * closes them, so the emails those changes queue are checked like answers before it is deleted.
 */

type Step = [string, (w: Walker) => Promise<unknown>];
const URL = '/incidentNotifications';

const rule = (w: Walker, name: string) => ({
  name,
  recipientEmails: ['walk@example.com'],
  lookupClasses: [{ classLookupId: w.seed.refs.incidentClass, eventTypeList: 'CREATE,EDIT,CLOSE' }],
});

export const NOTIFICATION_STEPS: Step[] = [
  [
    `POST ${URL}`,
    async (w) => {
      w.state.incidentNotification = (
        await w.json<{ id: string }>(`POST ${URL}`, { url: URL, payload: rule(w, 'Walk') })
      ).id;
    },
  ],
  [`GET ${URL}`, (w) => w.call(`GET ${URL}`, { url: URL })],
  [
    `PUT ${URL}`,
    (w) => w.call(`PUT ${URL}`, { url: URL, payload: { ...rule(w, 'Walk 2'), id: w.state.incidentNotification } }),
  ],
];

export const NOTIFICATION_CLEANUP_STEPS: Step[] = [
  [
    `DELETE ${URL}/:id`,
    async (w) => {
      // The emails the walk's edits and closes queued are read as answers: no marker may be in them.
      const queued = await w.t.database.system((tx) =>
        tx
          .select({ payload: jobs.payload })
          .from(jobs)
          .where(and(eq(jobs.accountId, w.seed.company.accountId), eq(jobs.type, 'appLinkMail'))),
      );
      expect(queued.length, 'the walk queued notification emails').toBeGreaterThan(0);
      for (const { payload } of queued) {
        w.answers.push({ route: 'notification emails', status: 200, pdf: false, text: JSON.stringify(payload) });
      }
      return w.call(`DELETE ${URL}/:id`, { url: `${URL}/${w.state.incidentNotification}` });
    },
  ],
];
