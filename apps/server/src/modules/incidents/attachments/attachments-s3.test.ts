import type { Attachment } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF } from '../../../../test/file-fixtures';
import { startS3Server } from '../../../../test/s3-server';
import { createTestContext, type TestContext } from '../../../../test/test-app';
import { form, insertDraft } from '../../../../test/uploads';
import { s3Storage } from '../../../platform/storage';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestContext<ReturnType<typeof s3Storage>>;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestContext({ storage: s3Storage({ ...s3.options, prefix: 'files' }) });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('attachments in an S3 bucket', () => {
  it('uploads a file to the bucket and serves the same bytes through its signed URL; a removed one is 404', async () => {
    const company = await t.createCompany();
    const staff = await t.signIn(company.staff);
    const draft = await insertDraft(t, company.staff);
    const upload = await t.inject({
      method: 'POST',
      url: '/api/incidents/attachments',
      headers: staff,
      payload: form({ incidentId: draft, name: 'Report' }, { data: PDF, name: 'report.pdf', type: 'application/pdf' }),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const answer = upload.json<Attachment>();
    expect(answer.sasKey).toMatch(/^\/api\/files\/[0-9a-f]{32}\/attachments\/[0-9a-f]{32}\.pdf\?/);

    const download = await t.inject({ method: 'GET', url: answer.sasKey });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(PDF.length));
    expect(download.rawPayload).toEqual(PDF);

    const range = await t.inject({ method: 'GET', url: answer.sasKey, headers: { range: 'bytes=1-4' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toEqual(PDF.subarray(1, 5));

    // The same signed-URL rules as the local folder: a changed signature is refused.
    const forged = await t.inject({ method: 'GET', url: answer.sasKey.replace(/s=[^&]+/, 's=forged') });
    expect(forged.statusCode).toBe(403);

    const key = decodeURIComponent(new URL(answer.sasKey, 'http://x').pathname.slice('/api/files/'.length));
    await t.storage.remove(key);
    const gone = await t.inject({ method: 'GET', url: answer.sasKey });
    expect(gone.statusCode).toBe(404);
  });
});
