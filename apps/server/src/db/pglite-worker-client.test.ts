import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { openDatabase } from './client';
import type { PGliteWorkerClient } from './pglite-worker-client';
import { systemState } from './schema/index';

/** Values of every kind the app stores or reads, as the database answers them. */
const TYPES_SQL = sql`select 1::int2 as i2, 2::int4 as i4, 9007199254740993::int8 as i8, 1.50::numeric(6,2) as num,
  2.5::float8 as f8, true as b, 'x'::text as t, '2024-03-01T10:00:00.123Z'::timestamptz as tz,
  '2024-03-01 10:00'::timestamp as ts, '2024-03-01'::date as d, '1 day 2 hours'::interval as iv,
  '{"a":[1,{"b":null}],"c":"é"}'::jsonb as jb, '{"a":1}'::json as js, array[1,2]::int4[] as ai,
  array['a','b,c'] as at, array['2024-03-01T10:00:00Z'::timestamptz] as atz, '\\x0102'::bytea as bytes,
  '00000000-0000-0000-0000-000000000001'::uuid as id, null::text as nothing`;

const onPglite = !process.env.DATABASE_URL;

describe.runIf(onPglite)('the embedded database in its worker thread', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers other calls while a long statement runs', async () => {
    let running = true;
    const long = t.database.db.execute(sql`select pg_sleep(2)`).finally(() => {
      running = false;
    });
    // A timer and a call that needs no database both come while the statement still runs, which
    // they could not if it held the event loop.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(running).toBe(true);
    const config = await t.inject({ method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(running).toBe(true);
    await long;
  });

  it('keeps a PostgreSQL error: its class, SQLSTATE, constraint, table and detail', async () => {
    await t.database.system((tx) => tx.insert(systemState).values({ key: 'worker-test', value: { n: 1 } }));
    const failure = await t.database
      .system((tx) => tx.insert(systemState).values({ key: 'worker-test', value: { n: 2 } }))
      .catch((error: unknown) => error);
    const cause = (failure as Error).cause as Record<string, unknown> & Error;
    expect(cause).toBeInstanceOf((await import('@electric-sql/pglite')).messages.DatabaseError);
    expect(cause).toMatchObject({
      code: '23505',
      severity: 'ERROR',
      constraint: 'system_state_pkey',
      table: 'system_state',
      schema: 'public',
      detail: 'Key (key)=(worker-test) already exists.',
      message: expect.stringContaining('duplicate key value violates unique constraint'),
    });
    // The statement that failed, as PGlite's own errors carry it.
    expect(cause.query).toEqual(expect.stringContaining('insert into "system_state"'));
  });

  it('rolls a failed transaction back, and a statement outside it waits for its end', async () => {
    let outside: Promise<unknown> | undefined;
    const failed = await t.database
      .system(async (tx) => {
        await tx.insert(systemState).values({ key: 'worker-rollback', value: {} });
        // Sent while the transaction is open: it runs after the ROLLBACK, so it never sees the row.
        outside = t.database.db.select().from(systemState).where(eq(systemState.key, 'worker-rollback'));
        await tx.execute(sql`select 1`);
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('roll back');
    expect(await outside).toEqual([]);
  });

  it('keeps a nested transaction (savepoint) and what the outer one committed', async () => {
    await t.database.system(async (tx) => {
      await tx.insert(systemState).values({ key: 'worker-outer', value: {} });
      await tx
        .transaction(async (inner) => {
          await inner.insert(systemState).values({ key: 'worker-inner', value: {} });
          throw new Error('inner fails');
        })
        .catch(() => undefined);
    });
    const keys = await t.database.db
      .select({ key: systemState.key })
      .from(systemState)
      .where(sql`${systemState.key} in ('worker-outer', 'worker-inner')`);
    expect(keys).toEqual([{ key: 'worker-outer' }]);
  });

  it("runs a transaction's setup with BEGIN, before its statements, and fails them with it", async () => {
    const client = (t.database.db as unknown as { $client: PGliteWorkerClient }).$client;
    const setting = await client.transaction(
      async (tx) => (await tx.query<{ v: string }>("select current_setting('app.worker_setup') as v")).rows[0]?.v,
      { setup: "select set_config('app.worker_setup', 'it''s set', true)" },
    );
    expect(setting).toBe("it's set");
    let statement: Promise<unknown> | undefined;
    const failed = client.transaction(
      async (tx) => {
        statement = tx.query("insert into system_state (key, value) values ('worker-setup', '{}')");
        return statement;
      },
      { setup: 'select 1 / 0' },
    );
    await expect(failed).rejects.toMatchObject({ code: '22012' });
    await expect(statement).rejects.toMatchObject({ code: '22012' });
    const kept = await t.database.db.select().from(systemState).where(eq(systemState.key, 'worker-setup'));
    expect(kept).toEqual([]);
  });

  it('commits when told before the answers, and a statement that fails before the COMMIT rolls it all back', async () => {
    const client = (t.database.db as unknown as { $client: PGliteWorkerClient }).$client;
    const keys = async () =>
      (
        await t.database.db
          .select({ key: systemState.key })
          .from(systemState)
          .where(sql`${systemState.key} like 'worker-early%'`)
      ).map((row) => row.key);
    await client.transaction(async (tx) => {
      const inserted = tx.query("insert into system_state (key, value) values ('worker-early', '{}')");
      tx.commit();
      // Nothing more can be sent in it.
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
      return inserted;
    });
    expect(await keys()).toEqual(['worker-early']);
    const failed = client.transaction(async (tx) => {
      const inserted = tx.query("insert into system_state (key, value) values ('worker-early-2', '{}')");
      const division = tx.query('select 1 / 0');
      tx.commit();
      await inserted;
      return division;
    });
    await expect(failed).rejects.toMatchObject({ code: '22012' });
    expect(await keys()).toEqual(['worker-early']);
  });

  it('answers every type exactly as PGlite in the same thread does', async () => {
    const template = process.env.BLOTTER_PGLITE_TEMPLATE;
    const inProcess = await PGlite.create(
      'memory://',
      template ? { loadDataDir: new Blob([await readFile(template)]) } : {},
    );
    try {
      const local = drizzle(inProcess);
      const read = async (db: typeof local) => {
        const raw = await db.execute(TYPES_SQL);
        const typed = await db.transaction(async (tx) => {
          await tx.insert(systemState).values({ key: 'types', value: { list: [1, 'two', null], nested: { at: 'x' } } });
          return tx.select().from(systemState).where(eq(systemState.key, 'types'));
        });
        await db.delete(systemState).where(eq(systemState.key, 'types'));
        return {
          rows: raw.rows,
          fields: raw.fields,
          typed: typed.map(({ updatedAt, ...row }) => ({ ...row, updatedAt: typeof updatedAt })),
        };
      };
      const expected = await read(local);
      const actual = await read(t.database.db as unknown as typeof local);
      expect(actual).toEqual(expected);
      expect(actual.rows[0]).toMatchObject({
        i8: 9007199254740993n,
        tz: '2024-03-01 10:00:00.123+00',
        bytes: new Uint8Array([1, 2]),
      });
    } finally {
      await inProcess.close();
    }
  });
});

describe.runIf(onPglite)('starting and closing the embedded database', () => {
  it('refuses to start with the reason when the data directory cannot be made', async () => {
    await expect(openDatabase({ pgliteDir: '/dev/null/db' })).rejects.toThrow(/ENOTDIR|not a directory/i);
  });

  it('dumps its data directory, and a closed database refuses further statements', async () => {
    const template = process.env.BLOTTER_PGLITE_TEMPLATE;
    const database = await openDatabase({
      pgliteDir: 'memory://',
      initialDataDir: template ? new Blob([await readFile(template)]) : undefined,
    });
    await database.system((tx) => tx.insert(systemState).values({ key: 'dumped', value: { n: 7 } }));
    const dump = await database.dumpDataDir?.();
    await database.close();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();

    const copy = await openDatabase({ pgliteDir: 'memory://', initialDataDir: dump });
    try {
      const rows = await copy.db.select().from(systemState).where(eq(systemState.key, 'dumped'));
      expect(rows.map((row) => row.value)).toEqual([{ n: 7 }]);
    } finally {
      await copy.close();
    }
  });
});
