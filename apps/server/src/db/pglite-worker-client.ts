/**
 * The embedded database (PGlite) in a worker thread: its statements run there, off the server's
 * event loop, and this main-thread object answers what drizzle-orm's PGlite driver calls (query,
 * exec, transaction with tx.query/tx.exec/tx.rollback) plus dumpDataDir and close. Statements are
 * sent with postMessage and answered by id; the worker's PGlite orders them with its own locks, so
 * a statement outside a transaction waits for a running transaction exactly as in-process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  messages,
  type QueryOptions,
  type Results,
  type Transaction,
  TransactionAbortedError,
} from '@electric-sql/pglite';
import { query as queryTemplate } from '@electric-sql/pglite/template';
import type {
  WasmModule,
  WireError,
  WireQueryOptions,
  WorkerInit,
  WorkerRequest,
  WorkerResponse,
  WorkerStarted,
} from './pglite-worker-protocol';

type Parsers = NonNullable<QueryOptions['parsers']>;
type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;
/** What a failed statement's error carries besides its fields, as PGlite's own errors do. */
type Statement = { query: string; params: unknown[] | undefined; options: QueryOptions | undefined };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  statement: Statement | undefined;
}

const require = createRequire(import.meta.url);
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

/**
 * The worker's module: pglite-worker.js next to the bundle (npm run build makes it), or, when the
 * server runs from source (tsx, vitest), the TypeScript source loaded through tsx's ESM API (a dev
 * dependency), which a worker registers for itself.
 */
function workerEntry(): { source: URL | string; eval: boolean; file: string } {
  const built = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(built)) return { source: built, eval: false, file: built.pathname };
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const tsxPackage = require.resolve('tsx/package.json');
  const tsxApi = JSON.parse(readFileSync(tsxPackage, 'utf8')).exports['./esm/api'].import.default as string;
  const api = pathToFileURL(path.join(path.dirname(tsxPackage), tsxApi)).href;
  const bootstrap = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return { source: bootstrap, eval: true, file: new URL(source).pathname };
}

let compiled: Promise<Pick<WorkerInit, 'pgliteWasmModule' | 'initdbWasmModule'>> | undefined;

/**
 * PGlite's WebAssembly compiled once per process (in the background) and handed to every worker,
 * which would otherwise compile its own copy. Without it each worker compiles as before.
 */
function wasmModules() {
  compiled ??= (async () => {
    const dir = path.dirname(require.resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(path.join(dir, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pgliteWasmModule, initdbWasmModule };
  })().catch(() => ({}));
  return compiled;
}

/** A PostgreSQL error rebuilt on this thread, with its SQLSTATE `code`, detail, constraint, table, column…. */
function fromWire(wire: WireError, statement: Statement | undefined): Error {
  const { length, name: _name, ...fields } = wire.fields;
  let error: Error;
  if (wire.kind === 'aborted') error = new TransactionAbortedError();
  else if (wire.kind === 'database') error = new messages.DatabaseError(wire.message, Number(length ?? 0), 'error');
  else {
    error = new Error(wire.message);
    error.name = wire.name;
  }
  Object.assign(error, fields);
  if (wire.kind !== 'other' && statement) {
    Object.assign(error, { query: statement.query, params: statement.params, queryOptions: statement.options });
  }
  return error;
}

/** The options the worker can take; the caller's parsers run here, on the text the worker leaves. */
function wireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  if (options.serializers || options.onNotice) {
    throw new Error('The embedded database worker does not take serializers or onNotice per statement.');
  }
  return {
    rowMode: options.rowMode,
    textTypes: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
    paramTypes: options.paramTypes,
    blob: options.blob,
  };
}

function applyParsers(result: Results, parsers: Parsers | undefined, rowMode: QueryOptions['rowMode']) {
  if (!parsers) return result;
  result.fields.forEach((field, index) => {
    // Called as PGlite calls its parsers: the text and the type id.
    const parse = parsers[field.dataTypeID] as ((value: string, typeId: number) => unknown) | undefined;
    if (!parse) return;
    const key = rowMode === 'array' ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, field.dataTypeID);
    }
  });
  return result;
}

/**
 * A transaction of the worker: PGlite's, and commit(), which sends COMMIT at once, behind the
 * statements already sent, without waiting for their answers (the caller sends nothing after it).
 */
export type WorkerTransaction = Transaction & { commit(): void };

export class PGliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (response: WorkerResponse) => this.#answer(response));
    worker.on('error', (error) => this.#stop(new Error(`The embedded database stopped: ${error.message}`)));
    worker.on('exit', (code) => this.#stop(new Error(`The embedded database stopped (worker exit code ${code}).`)));
    // Like PGlite in-process, an idle database does not keep the process alive.
    worker.unref();
  }

  /** Starts the worker and opens the database in dataDir (from loadDataDir when it is new). */
  static async start(options: { dataDir: string; loadDataDir?: Blob | undefined }): Promise<PGliteWorkerClient> {
    const entry = workerEntry();
    const workerData: WorkerInit = {
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      ...(await wasmModules()),
    };
    const worker = new Worker(entry.source, { workerData, eval: entry.eval });
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        worker.off('message', onStarted);
        worker.off('error', onError);
        worker.off('exit', onExit);
        void worker.terminate();
        reject(error);
      };
      const onStarted = (message: WorkerStarted) => {
        if (!message.started) return fail(fromWire(message.error, undefined));
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve();
      };
      const onError = (error: Error) =>
        fail(new Error(`The embedded database could not start (${entry.file}): ${error.message}`, { cause: error }));
      const onExit = (code: number) =>
        fail(new Error(`The embedded database could not start: its worker exited with code ${code}.`));
      worker.once('message', onStarted);
      worker.once('error', onError);
      worker.once('exit', onExit);
    });
    return new PGliteWorkerClient(worker);
  }

  get closed() {
    return this.#closing !== undefined || this.#stopped !== undefined;
  }

  async query<T>(query: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const statement = { query, params, options };
    const request: Request = { op: 'query', tx, sql: query, params: params ?? [], options: wireOptions(options) };
    const result = (await this.#call(request, statement)) as Results;
    return applyParsers(result, options?.parsers, options?.rowMode) as Results<T>;
  }

  sql<T>(strings: TemplateStringsArray, ...values: unknown[]): Promise<Results<T>> {
    const { query, params } = queryTemplate(strings, ...values);
    return this.query<T>(query, params);
  }

  async exec(query: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    const statement = { query, params: undefined, options };
    const results = (await this.#call(
      { op: 'exec', tx, sql: query, options: wireOptions(options) },
      statement,
    )) as Results[];
    return results.map((result) => applyParsers(result, options?.parsers, options?.rowMode));
  }

  /**
   * Runs callback in one transaction: BEGIN is sent without waiting for its answer (the worker
   * queues the transaction's statements behind it), with `setup` (statements without parameters)
   * run right after it in the same message; COMMIT when callback settles (or when it calls
   * tx.commit()), ROLLBACK when it throws or rolled back.
   */
  async transaction<T>(
    callback: (tx: WorkerTransaction) => Promise<T>,
    options: { setup?: string | undefined } = {},
  ): Promise<T> {
    const [id, begun] = this.#send({ op: 'begin', setup: options.setup }, undefined);
    // Its failure reaches the transaction's statements; it is awaited below.
    begun.catch(() => undefined);
    let closed = false;
    /** The COMMIT sent by tx.commit() before callback settled. */
    let committed: Promise<unknown> | undefined;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: WorkerTransaction = {
      query: async <R>(query: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.query<R>(query, params, options, id);
      },
      sql: async <R>(strings: TemplateStringsArray, ...values: unknown[]) => {
        open();
        const { query, params } = queryTemplate(strings, ...values);
        return this.query<R>(query, params, undefined, id);
      },
      exec: async (query: string, options?: QueryOptions) => {
        open();
        return this.exec(query, options, id);
      },
      rollback: async () => {
        open();
        await this.#call({ op: 'rollback', tx: id }, undefined);
        closed = true;
      },
      listen: async () => {
        throw new Error('LISTEN is not available through the embedded database worker.');
      },
      commit: () => {
        open();
        closed = true;
        committed = this.#call({ op: 'end', tx: id, commit: true }, undefined);
        // Awaited when callback settles.
        committed.catch(() => undefined);
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      // Sent already, the COMMIT of a transaction a failed statement aborted rolls it back.
      await (committed ?? this.#call({ op: 'end', tx: id, commit: false }, undefined)).catch(() => undefined);
      throw error;
    }
    closed = true;
    await begun;
    await (committed ?? this.#call({ op: 'end', tx: id, commit: true }, undefined));
    return result;
  }

  /** The data directory as a tarball (PGlite's dumpDataDir). */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    if (compression !== 'none') throw new Error('The embedded database worker dumps uncompressed only.');
    const data = (await this.#call({ op: 'dump' }, undefined)) as ArrayBuffer;
    return new Blob([data], { type: 'application/x-tar' });
  }

  /** Closes the database, then ends the worker. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (!this.#stopped) await this.#call({ op: 'close' }, undefined).catch(() => undefined);
      this.#stopped ??= new Error('The embedded database is closed.');
      await this.#worker.terminate();
    })();
    return this.#closing;
  }

  #call(request: Request, statement: Statement | undefined) {
    return this.#send(request, statement)[1];
  }

  #send(request: Request, statement: Statement | undefined): [number, Promise<unknown>] {
    const id = this.#nextId++;
    const answered = new Promise<unknown>((resolve, reject) => {
      if (this.#stopped) return reject(this.#stopped);
      if (this.#closing && request.op !== 'close') return reject(new Error('The embedded database is closed.'));
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (error) {
        // A value that cannot be sent (a function among the parameters…).
        return reject(error);
      }
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject, statement });
    });
    return [id, answered];
  }

  #answer(response: WorkerResponse) {
    const pending = this.#pending.get(response.id);
    if (!pending) return;
    this.#pending.delete(response.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (response.ok) pending.resolve(response.value);
    else pending.reject(fromWire(response.error, pending.statement));
  }

  /** The worker is gone: every waiting and later call fails with why. */
  #stop(error: Error) {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(this.#stopped);
    this.#pending.clear();
    this.#worker.unref();
  }
}
