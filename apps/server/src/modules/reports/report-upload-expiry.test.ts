import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteReport, getReport, reportUpload, upload } from '../../../test/fixtures/report-upload-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { reportUploads } from '../../db/schema/index';
import { createSweeper } from '../../platform/sweeper';
import { reportUploadSweep } from './report-upload-sweeper';

let t: TestContext;
let company: TestCompany;
let headers: Record<string, string>;

const expire = (id: string) =>
  t.database.system((tx) =>
    tx.update(reportUploads).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(reportUploads.id, id)),
  );
const present = async (ids: string[]) =>
  (
    await t.database.system((tx) =>
      tx.select({ id: reportUploads.id }).from(reportUploads).where(inArray(reportUploads.id, ids)),
    )
  ).map((row) => row.id);

async function uploaded(): Promise<string> {
  const body = reportUpload();
  expect((await upload(t, headers, body)).statusCode).toBe(200);
  return body.id as string;
}

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Expiry Co' });
  headers = await t.signIn(await t.createUser(company.accountId, { privileges: ['REPORT_PRINT'] }));
});
afterAll(() => t.close());

describe('uploads nobody deleted', () => {
  it('are answered 404 once expired, and the sweep deletes them and only them', async () => {
    const [old, current] = [await uploaded(), await uploaded()];
    await expire(old);
    const response = await getReport(t, headers, old);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Report not found.' });
    // Still stored until the sweep.
    expect((await present([old, current])).sort()).toEqual([old, current].sort());

    const swept = await t.app.reportUploadSweeper.sweep();
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await present([old, current])).toEqual([current]);
    expect((await getReport(t, headers, current)).statusCode).toBe(200);
  });

  it('can still be deleted by their uploader before the sweep', async () => {
    const id = await uploaded();
    await expire(id);
    expect((await deleteReport(t, headers, id)).statusCode).toBe(204);
    expect(await present([id])).toEqual([]);
  });

  it('are swept by the timer the server starts, until it is stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const errors: unknown[] = [];
    const sweeper = createSweeper(reportUploadSweep, t.database, (error) => errors.push(error));
    try {
      sweeper.start(1000);
      const first = await uploaded();
      await expire(first);
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(async () => expect(await present([first])).toEqual([]));

      await sweeper.stop();
      const second = await uploaded();
      await expire(second);
      await vi.advanceTimersByTimeAsync(5000);
      // Stopped: nothing sweeps it any more.
      expect(await present([second])).toEqual([second]);
      expect(errors).toEqual([]);
    } finally {
      await sweeper.stop();
      vi.useRealTimers();
    }
  });
});
