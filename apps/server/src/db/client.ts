import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, is, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database, DatabaseOptions, Db, PrincipalRow, Tx } from './database-types';
import { jsonValue } from './json';
import { PGliteWorkerClient } from './pglite-worker-client';
import * as schema from './schema/index';

export type {
  Database,
  DatabaseOptions,
  Db,
  Executor,
  PrincipalIdentity,
  PrincipalRow,
  PrincipalScope,
  PrincipalScopeOptions,
  PrincipalTokenRow,
  Tx,
} from './database-types';

type Schema = typeof schema;

interface Corkable {
  cork(): void;
  uncork(): void;
}

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

/**
 * The transactions that may send their COMMIT before fn settles (commitNow), and how. Only those of
 * tenant() and noTenant() (both drivers) and of a principal's scope.
 */
const commits = new WeakMap<object, () => void>();

/**
 * Sends the transaction's COMMIT now, behind every statement fn has sent (a drizzle statement is
 * sent once awaited or then()'d, not when built), without waiting for their answers: the caller
 * sends no statement after it. The statements still run in the
 * transaction and commit together, or not at all: a statement that fails aborts the transaction,
 * whose COMMIT then rolls back, and fn gets that statement's error as before. Saves the request a
 * round trip to the database (issue 29 §2). Statements are handed to the driver a few microtasks
 * after they are called (drizzle's query builders are lazy), so the COMMIT is written once those
 * are done (setImmediate: after every pending microtask, before any I/O). Elsewhere (system(),
 * a transaction of drizzle's) it does nothing and fn's transaction commits when fn returns.
 */
export function commitNow(tx: Tx): void {
  const commit = commits.get(tx);
  if (!commit) return;
  commits.delete(tx);
  setImmediate(commit);
}

/** Whether tx runs on the embedded database (PGlite), which never waits for a WAL flush at commit. */
export const isEmbedded = (tx: Tx) => is(tx, PgliteTransaction);

/**
 * This transaction's COMMIT answers without waiting for its WAL flush (PostgreSQL's asynchronous
 * commit, for this transaction only): a crash of the database server in the moment after it (at
 * most three wal_writer_delay) may lose it whole, never half of it. Only for work that nothing
 * outside the database has acted on and that is redone when lost (a read's audit entry, a bulk
 * import's batch, whose rows then have no outcome and are imported again on resume).
 */
export async function commitWithoutFlush(tx: Tx): Promise<void> {
  // PGlite has no flush to wait for (it runs without fsync): the setting would cost a statement.
  if (isEmbedded(tx)) return;
  await tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
}

/** A string as an SQL literal, for statements sent without parameters (standard_conforming_strings is on). */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('An SQL literal cannot hold a NUL character.');
  return `'${value.replaceAll("'", "''")}'`;
}

/** PGlite: one connection serves every statement in turn. */
function pgliteDatabase(db: Db, client: PGliteWorkerClient): Omit<Database, 'dumpDataDir' | 'close'> {
  const { dialect } = db as unknown as { dialect: ConstructorParameters<typeof PgliteSession>[1] };
  type Relational = ConstructorParameters<typeof PgliteSession>[2];
  const relational = (db as unknown as { _: { schema: Relational } })._.schema;
  /**
   * fn in a transaction as the application role with the tenant set (read-only for a read, so a
   * write in a GET fails here as it does on PostgreSQL). The settings travel with BEGIN, in the
   * worker's one message and one simple query; fn's statements follow without waiting for them, and
   * fail with them if they fail.
   */
  const asApp = <T>(accountId: string | null, fn: (tx: Tx) => Promise<T>, readOnly = false) =>
    client.transaction(
      async (workerTx) => {
        const session = new PgliteSession(workerTx as unknown as PGlite, dialect, relational, {});
        const tx = new PgliteTransaction(dialect, session, relational) as unknown as Tx;
        commits.set(tx, () => {
          if (!workerTx.closed) workerTx.commit();
        });
        return fn(tx);
      },
      {
        setup:
          `select set_config('role', ${sqlLiteral(APP_ROLE)}, true), ` +
          `set_config('app.account_id', ${sqlLiteral(accountId ?? '')}, true), ` +
          `set_config('transaction_read_only', '${readOnly ? 'on' : 'off'}', true)`,
      },
    );
  return {
    kind: 'pglite',
    db,
    tenant: (accountId, fn) => asApp(accountId, fn),
    noTenant: (fn) => asApp(null, fn),
    system: (fn) => db.transaction(fn),
    // The principal is a statement of its own and each tenant() a transaction that sets the role
    // and tenant (read-only for a read, so a write in a GET fails here as it does on PostgreSQL).
    async principalScope(identity, { readOnly, prefetch }) {
      // A simple query (literals, no parameters): PGlite answers it in one exchange with the
      // database where a statement with parameters takes five (parse, describe, bind, describe,
      // execute), about 0.5 ms less a request.
      const literal = (value: string | null) => (value === null ? 'null' : sqlLiteral(value));
      const [result] = await client.exec(
        identity.apiTokenHash === undefined
          ? `select blotter_principal(${literal(identity.userId)}::uuid, ${literal(identity.email)}, ${literal(identity.sessionId)}) as p`
          : `select blotter_api_token_principal(${literal(identity.apiTokenHash)}, false, null, false) as p`,
      );
      const row = (result?.rows[0] as { p: PrincipalRow | null } | undefined)?.p ?? null;
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
    /** The COMMIT sent by commitNow before fn settled. */
    let committed: Promise<unknown> | undefined;
    let settled = false;
    commits.set(tx, () => {
      if (settled) return;
      // A real promise: drizzle's runs its statement again on every then().
      committed = tx.execute(sql`commit`).then(() => undefined);
      committed.catch(() => {});
    });
    try {
      const result = await fn(tx as unknown as Tx).finally(() => {
        settled = true;
      });
      await begun;
      await (committed ?? tx.execute(sql`commit`));
      return result;
    } catch (error) {
      // Sent already, the COMMIT of a transaction a failed statement aborted rolls it back.
      if (committed) await committed.catch(() => {});
      else await tx.execute(sql`rollback`);
      throw error;
    } finally {
      commits.delete(tx);
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
          principal = client.query<{ p: PrincipalRow | null }>(
            identity.apiTokenHash === undefined
              ? {
                  name: 'blotter_principal_scope',
                  text: 'select blotter_principal_scope($1::uuid, $2, $3, $4, $5) as p',
                  values: [identity.userId, identity.email, identity.sessionId, readOnly, nonce],
                }
              : {
                  name: 'blotter_api_token_principal',
                  text: 'select blotter_api_token_principal($1, $2, $3, true) as p',
                  values: [identity.apiTokenHash, readOnly, nonce],
                },
          );
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
  return { ...pgliteDatabase(db, client), close: () => client.close(), dumpDataDir: () => client.dumpDataDir('none') };
}
