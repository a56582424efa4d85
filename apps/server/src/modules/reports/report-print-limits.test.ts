import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REPORT_UPLOAD_LIMITS, REPORT_UPLOAD_MESSAGES } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getReport, reportRows, reportUpload, upload } from '../../../test/fixtures/report-upload-fixtures';
import { createTestContext, type TestContext } from '../../../test/test-app';

/** Limits that protect other requests from report prints: one at a time, one waiting. */
let t: TestContext;
let headers: Record<string, string>;
let base: string;
/** What the server logged. */
const logged: string[] = [];

/** A report of `count` rows, uploaded; answers its id. */
async function uploaded(count: number, wide = false): Promise<string> {
  const summary = 'Seen taking items from the shelf near the entrance and leaving without paying';
  const rows = reportRows(count).map((row, i) => (wide ? [...row, `${summary} (${i})`, `Note ${i}`] : row));
  const columns = ['Number', 'Date occurred', 'What', 'Persons', 'Status', ...(wide ? ['Summary', 'Notes'] : [])];
  const body = reportUpload({ data: { columns, rows } });
  const response = await upload(t, headers, body);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return body.id as string;
}

beforeAll(async () => {
  t = await createTestContext({
    config: { reportPrint: { concurrency: 1, queue: 1 }, logLevel: 'info' },
    logStream: { write: (line) => logged.push(line) },
  });
  const company = await t.createCompany({ name: 'Print Limits Co' });
  headers = await t.signIn(await t.createUser(company.accountId, { privileges: ['REPORT_PRINT'] }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Starts GET /api/reports/:id over a real connection; answers the request and its response. */
function startPrint(id: string): Promise<{ response: IncomingMessage; destroy(): void }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}/api/reports/${id}`, { headers }, (response) =>
      resolve({ response, destroy: () => request.destroy() }),
    );
    request.on('error', reject);
    request.end();
  });
}

/** Two prints of `id` at once: the first answered (refused while the other waits), and the other. */
async function oneRefused(id: string) {
  const [a, b] = [getReport(t, headers, id), getReport(t, headers, id)];
  const first = await Promise.race([a, b].map((print, i) => print.then((response) => ({ response, i }))));
  return { refused: first.response, waiting: first.i === 0 ? b : a };
}

describe('printing reports within limits', () => {
  it('runs one print at a time, queues one, and refuses the next with 429 and a clear message', async () => {
    const large = await uploaded(3000, true);
    const small = await uploaded(5);
    // The large print holds the only slot while its reader does not read: it waits on the reader.
    const first = await startPrint(large);
    expect(first.response.statusCode).toBe(200);
    first.response.pause();
    // Two more: one takes the queue's only place, the other is refused at once (either may come first).
    const { refused, waiting: queued } = await oneRefused(small);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: REPORT_UPLOAD_MESSAGES.busy });
    // Once the large print has been read to its end, the queued one runs.
    first.response.resume();
    await new Promise((resolve) => first.response.on('end', resolve));
    const answered = await queued;
    expect(answered.statusCode).toBe(200);
    expect(answered.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stops printing when its client leaves, and frees its place for the next print', async () => {
    const large = await uploaded(REPORT_UPLOAD_LIMITS.rows, true);
    const small = await uploaded(5);
    const first = await startPrint(large);
    expect(first.response.statusCode).toBe(200);
    // The reader takes one chunk and stops reading: the print waits for it and keeps its slot.
    await new Promise((resolve) => first.response.once('data', resolve));
    first.response.pause();
    // The slot and the queue's one place are taken: one of two more is refused at once.
    const { refused, waiting } = await oneRefused(small);
    expect(refused.statusCode).toBe(429);
    first.destroy();
    // The waiting print gets the slot once the abandoned one has stopped; were it still laying
    // out its thousands of rows, the waiting one would not have its turn for many seconds.
    const next = await waiting;
    expect(next.statusCode).toBe(200);
    expect((await getReport(t, headers, small)).statusCode).toBe(200);
    // A client leaving is no fault of the server's: no warning or error is logged.
    expect(logged.filter((line) => (JSON.parse(line) as { level: number }).level >= 40)).toEqual([]);
  });
});
