import type { JobModule } from '../../platform/jobs/job-types';
import { AUDIT_SEAL_INTERVAL_MS } from './audit-sealer';

/** Chains the committed audit entries of every company (audit-sealer.ts). */
export const auditJobs = {
  name: 'audit',
  schedules: (app) => [{ name: 'audit sealer', intervalMs: AUDIT_SEAL_INTERVAL_MS, loop: app.auditSealer }],
} satisfies JobModule;
