import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import type { FileSigner, StorageAdapter } from '../../platform/storage';

/** What an upload needs besides the request: the tenant's transactions, the file store, the signer. */
export interface UploadDeps {
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  storage: StorageAdapter;
  signer: FileSigner;
  log: FastifyBaseLogger;
}

/** Removes stored files; a failure is logged, never shown to the user (the answer is already decided). */
export async function removeStoredFiles(deps: Pick<UploadDeps, 'storage' | 'log'>, keys: (string | null)[]) {
  for (const key of keys) {
    if (!key) continue;
    await deps.storage.remove(key).catch((err: unknown) => deps.log.error({ err, key }, 'could not remove a file'));
  }
}
