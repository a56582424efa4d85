import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { localStorage, type StorageAdapter, s3Storage } from './storage';

let root: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'blotter-storage-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await s3.close();
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

// The same contract for every store: the app does not know which one it has.
const stores: [string, () => StorageAdapter][] = [
  ['the local folder', () => localStorage(root)],
  ['an S3 bucket (s3rver over HTTP)', () => s3Storage(s3.options)],
  ['an S3 bucket under a prefix', () => s3Storage({ ...s3.options, prefix: '/blotter/' })],
];

describe.each(stores)('storage in %s', (_name, make) => {
  it('stores bytes under a server-made key and reads them back with their size', async () => {
    const storage = make();
    const data = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0x41]);
    await storage.put('acct/attachments/a1.bin', data);
    const file = await storage.read('acct/attachments/a1.bin');
    expect(file?.size).toBe(data.length);
    expect(file && (await bytesOf(file.stream))).toEqual(data);
  });

  it('replaces a file put again under the same key', async () => {
    const storage = make();
    await storage.put('acct/pictures/p1.jpg', Buffer.from('first'));
    await storage.put('acct/pictures/p1.jpg', Buffer.from('second one'));
    const file = await storage.read('acct/pictures/p1.jpg');
    expect(file?.size).toBe(10);
    expect(file && (await bytesOf(file.stream)).toString()).toBe('second one');
  });

  it('answers no file (not an error) for a key that names none', async () => {
    expect(await make().read('acct/attachments/missing.pdf')).toBeUndefined();
  });

  it('removes a file, and removing a missing one is fine', async () => {
    const storage = make();
    await storage.put('acct/pictures/a2.jpg', Buffer.from('x'));
    const file = await storage.read('acct/pictures/a2.jpg');
    expect(file?.size).toBe(1);
    file?.stream.destroy();
    await storage.remove('acct/pictures/a2.jpg');
    expect(await storage.read('acct/pictures/a2.jpg')).toBeUndefined();
    await expect(storage.remove('acct/pictures/a2.jpg')).resolves.toBeUndefined();
    await expect(storage.remove('acct/pictures/never.jpg')).resolves.toBeUndefined();
  });

  it('answers no file for a key it never makes (a card may name any picture key), and writes none', async () => {
    const storage = make();
    for (const key of ['acct/pictures/a b.jpg', 'acct/pictures/../../etc/passwd', 'acct/pictures/\u0000.jpg']) {
      expect(await storage.read(key)).toBeUndefined();
      await expect(storage.remove(key)).resolves.toBeUndefined();
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    }
  });
});

describe('s3Storage', () => {
  it('keeps the files of a prefixed store under the prefix, apart from an unprefixed one', async () => {
    const prefixed = s3Storage({ ...s3.options, prefix: 'tenant-files' });
    await prefixed.put('acct/attachments/p.txt', Buffer.from('prefixed'));
    const head = await (await prefixed.client()).send(
      new HeadObjectCommand({ Bucket: s3.options.bucket, Key: 'tenant-files/acct/attachments/p.txt' }),
    );
    expect(head.ContentLength).toBe(8);
    expect(await s3Storage(s3.options).read('acct/attachments/p.txt')).toBeUndefined();
  });

  it('fails loudly (not as a missing file) when the bucket does not exist', async () => {
    const storage = s3Storage({ ...s3.options, bucket: 'no-such-bucket' });
    await expect(storage.put('acct/attachments/x.txt', Buffer.from('x'))).rejects.toThrow();
  });
});
