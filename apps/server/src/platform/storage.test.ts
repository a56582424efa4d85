import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from './storage';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'blotter-storage-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('localStorage', () => {
  it('stores, reads and removes a file under a server-made key', async () => {
    const storage = localStorage(root);
    await storage.put('acct/pictures/a1.jpg', Buffer.from('x'));
    expect((await storage.read('acct/pictures/a1.jpg'))?.size).toBe(1);
    await storage.remove('acct/pictures/a1.jpg');
    expect(await storage.read('acct/pictures/a1.jpg')).toBeUndefined();
  });

  it('answers no file for a key it never makes (a card may name any picture key), and writes none', async () => {
    const storage = localStorage(root);
    for (const key of ['acct/pictures/a b.jpg', 'acct/pictures/../../etc/passwd', 'acct/pictures/\u0000.jpg']) {
      expect(await storage.read(key)).toBeUndefined();
      await expect(storage.remove(key)).resolves.toBeUndefined();
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    }
  });
});
