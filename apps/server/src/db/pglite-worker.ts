/**
 * The worker thread that owns the embedded database (PGlite), so that its statements run off the
 * server's event loop. It answers the main thread's requests (pglite-worker-client.ts) by id.
 * Requests are handled as they arrive: PGlite's own locks order them (one statement at a time, and
 * statements outside a transaction wait for a running transaction to end).
 */

import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite, type QueryOptions, type Transaction, TransactionAbortedError } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type {
  WireError,
  WireQueryOptions,
  WorkerInit,
  WorkerRequest,
  WorkerResponse,
  WorkerStarted,
} from './pglite-worker-protocol';

/** The fields of a PostgreSQL error worth sending back: strings and numbers only. */
function errorFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // query, params and queryOptions stay behind: the main thread knows what it sent.
    if (key === 'query' || key === 'params' || key === 'queryOptions') continue;
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return fields;
}

function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { kind: 'other', name: 'Error', message: String(error), fields: {} };
  const kind =
    error instanceof TransactionAbortedError
      ? 'aborted'
      : error instanceof messages.DatabaseError
        ? 'database'
        : 'other';
  return { kind, name: error.name, message: error.message, stack: error.stack, fields: errorFields(error) };
}

/** Values of the types the caller parses itself stay PostgreSQL's text. */
const asText = (value: string) => value;

function queryOptions(options: WireQueryOptions): QueryOptions {
  const result: QueryOptions = {};
  if (options.rowMode) result.rowMode = options.rowMode;
  if (options.textTypes?.length) result.parsers = Object.fromEntries(options.textTypes.map((type) => [type, asText]));
  if (options.paramTypes) result.paramTypes = options.paramTypes;
  if (options.blob) result.blob = options.blob;
  return result;
}

/** A transaction opened by a 'begin' request, until its 'end'. */
interface OpenTransaction {
  /** Settles when BEGIN has run. */
  ready: Promise<Transaction>;
  /** Lets the transaction's callback return (COMMIT) or throw (ROLLBACK). */
  finish(commit: boolean): void;
  /** Settles when COMMIT or ROLLBACK has run. */
  done: Promise<void>;
}

const ROLLBACK = Symbol('rollback');

type Answer = Extract<WorkerResponse, { ok: true }>['value'];

async function main() {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker.ts runs as a worker thread only.');
  const init = workerData as WorkerInit;
  let db: PGlite;
  try {
    db = await PGlite.create(init.dataDir, {
      ...(init.loadDataDir ? { loadDataDir: init.loadDataDir } : {}),
      ...(init.pgliteWasmModule ? { pgliteWasmModule: init.pgliteWasmModule } : {}),
      ...(init.initdbWasmModule ? { initdbWasmModule: init.initdbWasmModule } : {}),
      // The search's text indexes (migration 0010).
      extensions: { btree_gin, pg_trgm, unaccent },
    });
  } catch (error) {
    port.postMessage({ started: false, error: toWire(error) } satisfies WorkerStarted);
    return;
  }

  const transactions = new Map<number, OpenTransaction>();

  const begin = (setup: string | undefined): OpenTransaction => {
    let finish: (commit: boolean) => void = () => undefined;
    let begun: (tx: Transaction) => void = () => undefined;
    let setupError: unknown;
    const ready = new Promise<Transaction>((resolve) => {
      begun = resolve;
    });
    const done = db
      .transaction(async (tx) => {
        if (setup) {
          try {
            await tx.exec(setup);
          } catch (error) {
            setupError = error;
            throw error;
          }
        }
        return new Promise<void>((resolve, reject) => {
          finish = (commit) => (commit ? resolve() : reject(ROLLBACK));
          begun(tx);
        });
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    // BEGIN or the setup failed: the transaction's statements fail with its error.
    const failed = done.then(
      () => Promise.reject(new Error('The transaction ended before it began.')),
      (error: unknown) => Promise.reject(setupError ?? error),
    );
    return { ready: Promise.race([ready, failed]), finish: (commit) => finish(commit), done };
  };

  const target = async (tx: number | undefined) => {
    if (tx === undefined) return db;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.ready;
  };

  const handle = async (request: WorkerRequest): Promise<Answer> => {
    switch (request.op) {
      case 'query':
        return (await target(request.tx)).query(request.sql, request.params, queryOptions(request.options));
      case 'exec':
        return (await target(request.tx)).exec(request.sql, queryOptions(request.options));
      case 'begin': {
        const open = begin(request.setup);
        transactions.set(request.id, open);
        await open.ready;
        return null;
      }
      case 'rollback': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('Transaction is closed');
        await (await open.ready).rollback();
        return null;
      }
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('Transaction is closed');
        transactions.delete(request.tx);
        // A transaction whose BEGIN failed has nothing to end.
        const begun = await open.ready.then(
          () => true,
          () => false,
        );
        if (begun) open.finish(request.commit);
        await open.done;
        return null;
      }
      case 'dump': {
        const dump = await db.dumpDataDir('none');
        return dump.arrayBuffer();
      }
      case 'close':
        await db.close();
        return null;
    }
  };

  port.on('message', (request: WorkerRequest) => {
    handle(request).then(
      (value) => {
        const response: WorkerResponse = { id: request.id, ok: true, value };
        port.postMessage(response, value instanceof ArrayBuffer ? [value] : []);
      },
      (error: unknown) =>
        port.postMessage({ id: request.id, ok: false, error: toWire(error) } satisfies WorkerResponse),
    );
  });
  port.postMessage({ started: true } satisfies WorkerStarted);
}

await main();
