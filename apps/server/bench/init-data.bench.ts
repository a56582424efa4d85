import { DEMO_ADMIN_EMAIL } from '../src/db/seed/demo';
import { createTestContext } from '../test/test-app';
import { type BenchResult, measure, medianResult } from './stats';

/** GET /api/commons/initData for the demo company's administrator (budget: median under 20 ms). */
export async function benchInitData(): Promise<BenchResult> {
  const t = await createTestContext({ demo: true });
  try {
    const admin = await t.userByEmail(DEMO_ADMIN_EMAIL);
    const headers = await t.signIn(admin);
    const call = async () => {
      const response = await t.inject({ method: 'GET', url: '/api/commons/initData', headers });
      if (response.statusCode !== 200) throw new Error(`initData answered ${response.statusCode}: ${response.body}`);
    };
    return medianResult('GET /api/commons/initData (demo company, PGlite)', await measure(call), 20);
  } finally {
    await t.close();
  }
}
