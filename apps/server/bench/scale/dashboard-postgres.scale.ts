import { INCIDENT_STATUS } from '@blotter/shared';
import { createTestContext } from '../../test/test-app';
import type { BenchResult } from '../stats';
import { measureCalls } from './measure-calls';
import { createScratchDatabase } from './scratch-postgres';
import { seedIncidents } from './seed';

/** The sizes measured, one after the other on the same company (the second adds to the first). */
const SIZES = [10_000, 100_000];
const BUDGET = { ms: 50, bytes: 20_000 };

/**
 * The dashboard at 10,000 and 100,000 incidents of one user, on PostgreSQL (a fresh database
 * created and dropped here): its load (the card counts of GET /incidents/my/counts and
 * GET /draftIncidents/counts), the Open Incidents dialog's first page (the dialog answers 10 rows
 * and the total), its last page (the deepest offset) and the Draft Incidents dialog. Each against
 * the budget of a dashboard load: median under 50 ms, answers under 20 KB.
 */
export async function benchDashboardPostgres(): Promise<BenchResult[]> {
  const scratch = await createScratchDatabase();
  try {
    const t = await createTestContext({ config: { databaseUrl: scratch.url } });
    try {
      const company = await t.createCompany();
      const headers = await t.signIn(company.staff);
      // A few drafts, as a user has: the dashboard counts them and the dialog lists them.
      for (let i = 0; i < 12; i++) {
        const draft = await t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload: {} });
        if (draft.statusCode !== 200) throw new Error(`POST /api/draftIncidents answered ${draft.statusCode}`);
      }
      const results: BenchResult[] = [];
      let seeded = 0;
      for (const size of SIZES) {
        await seedIncidents(t.database, {
          accountId: company.accountId,
          userId: company.staff.id,
          otherUserId: company.admin.id,
          count: size - seeded,
        });
        seeded = size;
        // What autovacuum does on a live server: the visibility map lets counts read only indexes.
        await scratch.run('vacuum analyze incidents');
        const counts = await t.inject({ method: 'GET', url: '/api/incidents/my/counts', headers });
        const { open } = counts.json<{ open: number }>();
        const lastPage = Math.max(0, Math.ceil(open / 10) - 1);
        const label = `${size.toLocaleString('en-US')} incidents, PostgreSQL`;
        results.push(
          await measureCalls(
            `Dashboard load: GET /incidents/my/counts + GET /draftIncidents/counts (${label})`,
            t,
            headers,
            ['/api/incidents/my/counts', '/api/draftIncidents/counts'],
            BUDGET,
          ),
          await measureCalls(
            `Open Incidents dialog, first page: GET /incidents/my?status=1 (${label})`,
            t,
            headers,
            [`/api/incidents/my?status=${INCIDENT_STATUS.OPEN}`],
            BUDGET,
          ),
          await measureCalls(
            `Open Incidents dialog, last page: GET /incidents/my?status=1&p=${lastPage} (${label})`,
            t,
            headers,
            [`/api/incidents/my?status=${INCIDENT_STATUS.OPEN}&p=${lastPage}`],
            BUDGET,
          ),
          await measureCalls(
            `Draft Incidents dialog, first page: GET /draftIncidents (${label})`,
            t,
            headers,
            ['/api/draftIncidents'],
            BUDGET,
          ),
        );
      }
      return results;
    } finally {
      await t.close();
    }
  } finally {
    await scratch.drop();
  }
}
