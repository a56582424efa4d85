import type { FastifyBaseLogger } from 'fastify';
import type { StorageAdapter } from '../../../platform/storage';

/**
 * Removes stored files whose rows are gone. Runs after the transaction committed; a file that
 * cannot be removed is only logged, since the change the user asked for has already been made.
 */
export async function removeStoredFiles(storage: StorageAdapter, keys: readonly string[], log: FastifyBaseLogger) {
  const results = await Promise.allSettled(keys.map((key) => storage.remove(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') log.warn({ err: result.reason, key: keys[i] }, 'stored file not removed');
  });
}
