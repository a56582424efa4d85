import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { jsonValue, type Prefetch } from './json';
import { PGliteWorkerClient } from './pglite-worker-client';
import * as schema from './schema/index';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either a transaction or the database itself: query functions accept both. */
export type Executor = Db | Tx;

export const APP_ROLE = 'blotter_app';

/**
 * The start-up parameters of an application connection on PostgreSQL. The role: a connection that
 * cannot take it fails to open, so no statement of the pool ever runs as the owner. JIT off: request
 * statements are short, and compiling one (PostgreSQL does so above jit_above_cost, which a search
 * at a million incidents passes) cost up to 0.8 s, many times the statement. work_mem 32MB: a
 * search's bitmap of 150,000 matches stays exact (at the default 4MB it turned lossy and every row
 * of 20,000 heap pages was tested again).
 */
export const APP_CONNECTION_OPTIONS = `-c role=${APP_ROLE} -c jit=off -c work_mem=32MB`;

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
  /**
   * The request path: reads the principal of a token (blotter_principal) and readies the tenant
   * for the request's queries. On PostgreSQL this is one round trip on a connection of the
   * application role, which also sets the tenant (and, for reads, read-only) on that connection;
   * the request's first tenant() then runs on it: a read is the principal plus its query.
   */
  principalScope(identity: PrincipalIdentity, options: PrincipalScopeOptions): Promise<PrincipalScope>;
  /** PGlite only: the data directory as an uncompressed tarball (a template for other instances). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Who a verified token names: the user id (embedded provider) or the email (external issuer). */
export interface PrincipalIdentity {
  userId: string | null;
  email: string | null;
  sessionId: string;
}

export interface PrincipalScopeOptions {
  readOnly: boolean;
  /**
   * A first read to send with the principal (a read-only request's, see Prefetch): on PostgreSQL
   * both go in one round trip; PGlite reads it when the handler asks for it.
   */
  prefetch?: Prefetch | undefined;
}

/** The principal of a request and the tenant it works in. */
export interface PrincipalScope {
  /** blotter_principal's answer; null when no user matches. */
  row: PrincipalRow | null;
  /**
   * The prefetch's value: read with the principal on PostgreSQL, else now in the tenant. Only for
   * a principal that passed the route's checks.
   */
  prefetched(): Promise<unknown>;
  /** Runs fn for the principal's company (see Database.tenant); a read-only scope runs it without a transaction. */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Gives the connection back when no tenant() used it. Safe to call more than once. */
  release(): void;
}

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The row of blotter_principal (migration 0003): user, workgroup, company and session. */
export interface PrincipalRow {
  userId: string;
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  status: number;
  systemAdmin: boolean;
  isAdmin: boolean;
  granted: string[] | null;
  accountActive: boolean;
  trial: boolean;
  measurementType: number;
  dateFormat: number;
  concurrentUserCount: number;
  companyName: string;
  sessionFound: boolean;
  sessionEnded: boolean;
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

/** PGlite: one connection serves every statement in turn. */
function pgliteDatabase(db: Db, close: () => Promise<void>): Omit<Database, 'dumpDataDir'> {
  const asApp = <T>(accountId: string | null, fn: (tx: Tx) => Promise<T>, readOnly = false) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('role', ${APP_ROLE}, true), set_config('app.account_id', ${accountId ?? ''}, true),
          set_config('transaction_read_only', ${readOnly ? 'on' : 'off'}, true)`,
      );
      return fn(tx);
    });
  return {
    kind: 'pglite',
    db,
    tenant: (accountId, fn) => asApp(accountId, fn),
    noTenant: (fn) => asApp(null, fn),
    system: (fn) => db.transaction(fn),
    // The principal is a statement of its own and each tenant() a transaction that sets the role
    // and tenant (read-only for a read, so a write in a GET fails here as it does on PostgreSQL).
    async principalScope(identity, { readOnly, prefetch }) {
      const result = await db.execute(
        sql`select blotter_principal(${identity.userId}::uuid, ${identity.email}, ${identity.sessionId}) as p`,
      );
      const row = (result as unknown as { rows: { p: PrincipalRow | null }[] }).rows[0]?.p ?? null;
      const tenant = <T>(fn: (tx: Tx) => Promise<T>) => {
        if (!row) throw new Error('tenant() needs a principal');
        return asApp(row.accountId, fn, readOnly);
      };
      return {
        row,
        tenant,
        prefetched: () => {
          if (!prefetch) throw new Error('prefetched() needs a prefetch');
          return tenant((tx) => jsonValue(tx, prefetch.query, prefetch.values));
        },
        release: () => {},
      };
    },
    close,
  };
}

/**
 * PostgreSQL: the owner's pool for system work and a second pool whose connections act as the
 * application role from the moment they connect (SET ROLE), so a request never switches roles.
 * The tenant and read-only mode are session settings of an application connection, written by
 * the first statement of every use of it (principalScope or tenant), never assumed from before.
 */
function postgresDatabase(url: string): Database {
  const ownerPool = new pg.Pool({ connectionString: url, max: 10 });
  // Pipeline mode: a statement is sent without waiting for the answers to those before it, so the
  // principal and a prefetch travel together; each keeps its own Sync (its own implicit transaction).
  const appPool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: APP_CONNECTION_OPTIONS,
    pipeline: true,
  });
  const db = drizzleNodePg(ownerPool, { schema }) as unknown as Db;

  // The dialect and relational schema drizzle built once, shared by every connection's instance.
  type Relational = ConstructorParameters<typeof NodePgSession<Schema, ExtractTablesWithRelations<Schema>>>[2];
  const { dialect } = db as unknown as { dialect: ConstructorParameters<typeof NodePgSession>[1] };
  const relational = (db as unknown as { _: { schema: Relational } })._.schema;
  /** A drizzle database bound to one connection; its transaction() runs BEGIN/COMMIT on that connection. */
  const onConnection = (client: pg.PoolClient) =>
    new NodePgDatabase<Schema>(
      dialect,
      new NodePgSession<Schema, ExtractTablesWithRelations<Schema>>(client, dialect, relational, {}),
      relational,
    ) as unknown as Db;

  const setTenant = (accountId: string | null, readOnly: boolean) => ({
    name: 'blotter_tenant',
    text: "select set_config('app.account_id', $1, false), set_config('default_transaction_read_only', $2, false)",
    values: [accountId ?? '', readOnly ? 'on' : 'off'],
  });

  /**
   * Runs fn in a transaction on the connection without a round trip of its own for BEGIN (drizzle's
   * transaction() waits for BEGIN's answer before fn sends anything): in pipeline mode the statements
   * fn sends queue behind BEGIN on this connection and the server runs them in that order, inside
   * the transaction. BEGIN's answer is checked before COMMIT; on any error the transaction is rolled
   * back, as drizzle's does. A write request waits for one round trip less (issue 29 §2: each one
   * is a wake-up of both processes, a few milliseconds on a busy machine).
   */
  const pipelinedTransaction = async <T>(client: pg.PoolClient, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const session = new NodePgSession<Schema, ExtractTablesWithRelations<Schema>>(client, dialect, relational, {});
    const tx = new NodePgTransaction<Schema, ExtractTablesWithRelations<Schema>>(dialect, session, relational);
    const begun = tx.execute(sql`begin`).then(() => undefined);
    // Awaited below; settled here too, so a failed BEGIN is never an unhandled rejection.
    begun.catch(() => {});
    try {
      const result = await fn(tx as unknown as Tx);
      await begun;
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      await tx.execute(sql`rollback`);
      throw error;
    }
  };

  /** Runs fn on a ready connection: without a transaction when read-only, else in one. */
  const runOn = async <T>(client: pg.PoolClient, readOnly: boolean, fn: (tx: Tx) => Promise<T>): Promise<T> =>
    readOnly ? fn(onConnection(client) as unknown as Tx) : pipelinedTransaction(client, fn);

  const asApp = async <T>(accountId: string | null, fn: (tx: Tx) => Promise<T>, readOnly = false): Promise<T> => {
    const client = await appPool.connect();
    try {
      await client.query(setTenant(accountId, readOnly));
      return await runOn(client, readOnly, fn);
    } finally {
      client.release();
    }
  };

  return {
    kind: 'postgres',
    db,
    system: (fn) => db.transaction(fn),
    close: async () => {
      await Promise.all([ownerPool.end(), appPool.end()]);
    },
    tenant: (accountId, fn) => asApp(accountId, fn),
    noTenant: (fn) => asApp(null, fn),
    async principalScope(identity, { readOnly, prefetch }) {
      const client = await appPool.connect();
      // A connection pg-pool finds broken on release (not queryable) is discarded by the pool.
      let held: pg.PoolClient | undefined = client;
      const release = () => {
        held?.release();
        held = undefined;
      };
      let row: PrincipalRow | null;
      let fetched: Promise<unknown> | undefined;
      try {
        // blotter_principal_scope (migration 0008) also sets the tenant, the read-only mode and the
        // request's nonce on this connection. The prefetch is written with it in one packet.
        const nonce = prefetch ? randomUUID() : null;
        const stream = (client as unknown as { connection: { stream: NodeJS.WritableStream & Partial<Corkable> } })
          .connection.stream;
        stream.cork?.();
        let principal: Promise<pg.QueryResult<{ p: PrincipalRow | null }>>;
        try {
          principal = client.query<{ p: PrincipalRow | null }>({
            name: 'blotter_principal_scope',
            text: 'select blotter_principal_scope($1::uuid, $2, $3, $4, $5) as p',
            values: [identity.userId, identity.email, identity.sessionId, readOnly, nonce],
          });
          if (prefetch) {
            fetched = client
              .query<{ value: unknown }>(
                prefetch.query.forRequest().statement({ ...prefetch.values, requestNonce: nonce }),
              )
              .then((result) => result.rows[0]?.value ?? null);
            // Settled here too: when the principal fails, nobody awaits it.
            fetched.catch(() => {});
          }
        } finally {
          // Whatever was written goes out; a throw above never leaves the connection corked.
          stream.uncork?.();
        }
        row = (await principal).rows[0]?.p ?? null;
        if (fetched) await fetched.catch(() => {});
      } catch (error) {
        release();
        throw error;
      }
      return {
        row,
        prefetched: () => {
          if (!fetched) throw new Error('prefetched() needs a prefetch');
          return fetched;
        },
        async tenant(fn) {
          if (!row) throw new Error('tenant() needs a principal');
          // The first tenant() of the request uses the connection the principal readied; any later
          // one (rare) takes a connection of its own.
          const ready = held;
          if (!ready) return asApp(row.accountId, fn, readOnly);
          held = undefined;
          try {
            return await runOn(ready, readOnly, fn);
          } finally {
            ready.release();
          }
        },
        release: () => release(),
      };
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return postgresDatabase(options.url);
  // In a worker thread, so that a long statement never holds up the event loop (pglite-worker.ts).
  const client = await PGliteWorkerClient.start({ dataDir: options.pgliteDir, loadDataDir: options.initialDataDir });
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  return { ...pgliteDatabase(db, () => client.close()), dumpDataDir: () => client.dumpDataDir('none') };
}
