import type { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PGliteWorkerClient } from './pglite-worker-client';
import * as schema from './schema/index';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either a transaction or the database itself: query functions accept both. */
export type Executor = Db | Tx;

export const APP_ROLE = 'blotter_app';

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs fn in one transaction as the application role with the tenant set, so row-level
   * security limits every statement to that company's rows.
   */
  tenant<T>(accountId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs fn as the application role with no tenant: it sees no tenant rows at all. */
  noTenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Cross-tenant system work as the owner (sign-in by email, identity-provider state, reference
   * data, seeding). Keep these paths few and obvious.
   */
  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as an uncompressed tarball (a template for other instances). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or 'memory://' for an in-memory database. */
  pgliteDir: string;
  /**
   * A dumped PGlite data directory to start from when the directory is new, instead of running
   * initdb (seconds on a small machine). Tests use one migrated template for every file.
   */
  initialDataDir?: Blob | undefined;
}

function wrap(kind: Database['kind'], db: Db, close: () => Promise<void>): Database {
  const asApp = <T>(accountId: string | null, fn: (tx: Tx) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('role', ${APP_ROLE}, true), set_config('app.account_id', ${accountId ?? ''}, true)`,
      );
      return fn(tx);
    });
  return {
    kind,
    db,
    tenant: (accountId, fn) => asApp(accountId, fn),
    noTenant: (fn) => asApp(null, fn),
    system: (fn) => db.transaction(fn),
    close,
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return wrap('postgres', db, () => pool.end());
  }
  // In a worker thread, so that a long statement never holds up the event loop (pglite-worker.ts).
  const client = await PGliteWorkerClient.start({ dataDir: options.pgliteDir, loadDataDir: options.initialDataDir });
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  return { ...wrap('pglite', db, () => client.close()), dumpDataDir: () => client.dumpDataDir('none') };
}
