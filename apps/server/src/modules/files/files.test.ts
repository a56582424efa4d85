import type { Attachment } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF } from '../../../test/file-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { form, insertDraft } from '../../../test/uploads';
import { accountFolder } from '../../platform/storage';
import { parseRange } from './files.routes';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let text: Attachment;
let pdf: Attachment;
const CONTENT = Buffer.from('0123456789'.repeat(10));

async function upload(company: TestCompany, data: Buffer, name: string): Promise<Attachment> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/incidents/attachments',
    headers: await t.signIn(company.staff),
    payload: form({ incidentId: await insertDraft(t, company.staff), name: 'Attachment 1' }, { data, name }),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Attachment>();
}

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany();
  b = await t.createCompany();
  text = await upload(a, CONTENT, 'notes "final".txt');
  pdf = await upload(a, PDF, 'report.pdf');
});
afterAll(() => t.close());

describe('GET /api/files/* (signed URLs)', () => {
  it('downloads the bytes with the type from the bytes and the original name', async () => {
    const response = await t.inject({ method: 'GET', url: text.sasKey });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(CONTENT)).toBe(true);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`inline; filename*=UTF-8''notes%20_final_.txt`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const download = await t.inject({ method: 'GET', url: `${text.sasKey}&download=1` });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const viewer = await t.inject({ method: 'GET', url: pdf.sasKey });
    expect(viewer.headers['content-type']).toBe('application/pdf');
    expect(viewer.headers['content-security-policy']).not.toContain('sandbox');
  });

  it("names a download exactly in filename*, ' ( ) * and other scripts percent-encoded (RFC 8187)", async () => {
    const tricky = await upload(a, CONTENT, "Rapport d'incident (copie) *final* – Zoë.txt");
    const saved = await t.inject({ method: 'GET', url: `${tricky.sasKey}&download=1` });
    expect(saved.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''Rapport%20d%27incident%20%28copie%29%20%2Afinal%2A%20%E2%80%93%20Zo%C3%AB.txt",
    );
    const chinese = await upload(a, CONTENT, '事故报告 №7.txt');
    const shown = await t.inject({ method: 'GET', url: chinese.sasKey });
    expect(shown.headers['content-disposition']).toBe(
      "inline; filename*=UTF-8''%E4%BA%8B%E6%95%85%E6%8A%A5%E5%91%8A%20%E2%84%967.txt",
    );
  });

  it('sends stored files as they are, uncompressed, whatever the client accepts', async () => {
    const long = Buffer.from('a line of notes that compresses well\n'.repeat(200));
    const file = await upload(a, long, 'long.txt');
    const response = await t.inject({ method: 'GET', url: file.sasKey, headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(long.length));
    expect(response.rawPayload.equals(long)).toBe(true);
  });

  it('serves byte ranges, for video and audio players', async () => {
    const part = await t.inject({ method: 'GET', url: text.sasKey, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('0123456789');
    expect(part.headers['content-range']).toBe(`bytes 10-19/${CONTENT.length}`);
    const tail = await t.inject({ method: 'GET', url: text.sasKey, headers: { range: 'bytes=-5' } });
    expect([tail.statusCode, tail.body]).toEqual([206, '56789']);
    const beyond = await t.inject({ method: 'GET', url: text.sasKey, headers: { range: 'bytes=500-' } });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, `bytes */${CONTENT.length}`]);
    expect(parseRange('bytes=0-', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=2-100', 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange('items=0-1', 10)).toBeNull();
  });

  it("fails for another company: its account, a changed key, or another company's link", async () => {
    const url = new URL(text.sasKey, 'http://x');
    const forged = new URL(url);
    forged.searchParams.set('a', b.accountId);
    const otherKey = `/api/files/${accountFolder(b.accountId)}/attachments/x.txt${url.search}`;
    const renamed = text.sasKey.replace(/\/attachments\/[0-9a-f]+\.txt/, '/attachments/00000000.txt');
    for (const attempt of [`${forged.pathname}${forged.search}`, otherKey, renamed]) {
      const response = await t.inject({ method: 'GET', url: attempt });
      expect(response.statusCode, attempt).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
    }
    const theirs = await upload(b, CONTENT, 'b.txt');
    expect(theirs.sasKey).toContain(accountFolder(b.accountId));
    expect(theirs.sasKey).not.toContain(accountFolder(a.accountId));
  });

  it('fails once the link has expired', async () => {
    const key = text.sasKey.split('?')[0]?.replace('/api/files/', '') ?? '';
    const expired = t.app.fileSigner.url(key, a.accountId, -10);
    const response = await t.inject({ method: 'GET', url: expired });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/expired/);
  });
});
