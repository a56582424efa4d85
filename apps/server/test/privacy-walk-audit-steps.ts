import type { AuditCheckpoint, AuditPage } from '@blotter/shared';
import type { Walker } from './privacy-walker';

/**
 * The audit log's steps of the private-field walk (privacy-walk-steps.ts places them after the
 * changes, so every kind of entry the walk wrote is read): each entry's detail, an incident
 * change's before/after included, must carry no private person field for a user without
 * PRIVACY_INFO_VIEW.
 */
export const AUDIT_STEPS: [string, (w: Walker) => Promise<unknown>][] = [
  [
    'GET /audits',
    async (w) => {
      const ids: string[] = [];
      for (let p = 0; p < 10; p++) {
        const page = await w.json<AuditPage>('GET /audits', { url: `/audits?psz=100&p=${p}` });
        ids.push(...page.items.map((item) => item.id));
        if ((p + 1) * page.pageSize >= page.total) break;
      }
      w.state.audits = ids.join(',');
    },
  ],
  [
    'GET /audits/:id',
    async (w) => {
      for (const id of w.state.audits?.split(',') ?? []) await w.call('GET /audits/:id', { url: `/audits/${id}` });
    },
  ],
  ['GET /audits/users', (w) => w.call('GET /audits/users', { url: '/audits/users' })],
  ['GET /audits/verify', (w) => w.call('GET /audits/verify', { url: '/audits/verify' })],
  [
    'GET /audits/checkpoint',
    async (w) => {
      w.state.checkpoint = (
        await w.json<AuditCheckpoint>('GET /audits/checkpoint', { url: '/audits/checkpoint' })
      ).checkpoint;
    },
  ],
  [
    'POST /audits/verify',
    (w) => w.call('POST /audits/verify', { url: '/audits/verify', payload: { checkpoint: w.state.checkpoint ?? '' } }),
  ],
];
