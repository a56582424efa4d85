import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../src/platform/storage';
import { freePort } from './test-app';

/**
 * A real S3-protocol server (s3rver) on a free port, storing in a temp folder, with one bucket;
 * answers the options an S3 storage needs to use it, and close() stops it and removes the folder.
 */
export async function startS3Server(): Promise<{ options: S3StorageOptions; close(): Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'blotter-s3-'));
  const port = await freePort();
  const bucket = 'blotter-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    options: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver accepts these fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
