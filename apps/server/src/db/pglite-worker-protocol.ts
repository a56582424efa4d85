/**
 * Messages between the main thread (pglite-worker-client.ts) and the worker thread that owns the
 * embedded database (pglite-worker.ts). Everything here is structured-cloned: no functions.
 */
import type { PGliteOptions, Results, RowMode } from '@electric-sql/pglite';

/** A compiled WebAssembly.Module (Node's types in this project do not declare WebAssembly). */
export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

/** What the worker receives as workerData. */
export interface WorkerInit {
  dataDir: string;
  /** A dumped data directory to start from when dataDir holds no database yet. */
  loadDataDir?: Blob | undefined;
  /** PGlite's WebAssembly, compiled once per process and shared by every worker. */
  pgliteWasmModule?: WasmModule | undefined;
  initdbWasmModule?: WasmModule | undefined;
}

/** QueryOptions without its functions: parsers stay on the main thread (the worker leaves those types as text). */
export interface WireQueryOptions {
  rowMode?: RowMode | undefined;
  /** Type ids whose values come back as PostgreSQL's text, for the caller's parsers. */
  textTypes?: number[] | undefined;
  paramTypes?: number[] | undefined;
  blob?: Blob | File | undefined;
}

export type WorkerRequest =
  | { id: number; op: 'query'; tx?: number | undefined; sql: string; params: unknown[]; options: WireQueryOptions }
  | { id: number; op: 'exec'; tx?: number | undefined; sql: string; options: WireQueryOptions }
  /**
   * Opens a transaction known by this request's id; its statements may follow before the answer.
   * `setup` (statements without parameters, one simple query) runs right after BEGIN, before any of
   * them: when it fails, so does the transaction and every statement sent in it.
   */
  | { id: number; op: 'begin'; setup?: string | undefined }
  | { id: number; op: 'rollback'; tx: number }
  /** Ends the transaction: COMMIT when commit and not rolled back, ROLLBACK otherwise. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** An error as data: a PostgreSQL error keeps its SQLSTATE and the fields PostgreSQL sent. */
export interface WireError {
  kind: 'database' | 'aborted' | 'other';
  name: string;
  message: string;
  stack?: string | undefined;
  /** DatabaseError's fields (code, detail, hint, constraint, table, column, …). */
  fields: Record<string, unknown>;
}

export type WorkerResponse =
  | { id: number; ok: true; value: Results | Results[] | ArrayBuffer | null }
  | { id: number; ok: false; error: WireError };

/** The worker's first message: the database is open, or why it could not be. */
export type WorkerStarted = { started: true } | { started: false; error: WireError };
