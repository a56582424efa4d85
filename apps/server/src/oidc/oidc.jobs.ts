import { createIntervalLoop } from '../platform/interval-loop';
import type { JobModule } from '../platform/jobs/job-types';
import { purgeExpiredOidcPayloads } from './adapter';

/** Removes the identity provider's expired state (sessions, codes, interactions) every hour. */
export const oidcJobs = {
  name: 'oidc',
  schedules: (app) => [
    {
      name: 'identity provider purge',
      intervalMs: 60 * 60 * 1000,
      loop: createIntervalLoop(
        () => purgeExpiredOidcPayloads(app.database),
        (err, message) => app.log.warn({ err }, message),
        'purge failed',
      ),
    },
  ],
} satisfies JobModule;
