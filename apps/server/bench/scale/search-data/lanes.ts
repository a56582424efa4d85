import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../../../src/db/client';

const dialect = new PgDialect();

/** One connection of the loader, as the owner, outside any transaction (VACUUM and CREATE INDEX run in it). */
export interface Lane {
  run(statement: SQL): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/**
 * Settings of a loading session: foreign-key triggers off (the data is consistent by construction,
 * and checking 12 million references row by row is most of an INSERT's cost), no wait for the WAL
 * flush on commit, and memory for sorts and index builds.
 */
const LOAD_SETTINGS = [
  'set session_replication_role = replica',
  'set synchronous_commit = off',
  "set maintenance_work_mem = '1GB'",
  "set work_mem = '64MB'",
];

/** `count` connections to PostgreSQL, so independent statements load side by side on the machine's cores. */
export async function postgresLanes(url: string, count: number): Promise<Lane[]> {
  const lanes: Lane[] = [];
  for (let i = 0; i < count; i++) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const setting of LOAD_SETTINGS) await client.query(setting);
    lanes.push({
      async run(statement) {
        const query = dialect.sqlToQuery(statement);
        const result = await client.query(query.sql, query.params);
        return result.rows;
      },
      close: () => client.end(),
    });
  }
  return lanes;
}

/** PGlite has one connection: one lane, through the database the loader opened. */
export async function pgliteLane(database: Database): Promise<Lane> {
  for (const setting of LOAD_SETTINGS) await database.db.execute(sql.raw(setting));
  return {
    async run(statement) {
      const result = await database.db.execute(statement);
      return (result as unknown as { rows: Record<string, unknown>[] }).rows;
    },
    async close() {
      await database.db.execute(sql.raw('reset all'));
    },
  };
}

/**
 * Runs the tasks on the lanes, each lane taking the next task as soon as it is free (tasks are
 * given largest first, so the lanes end together). Answers each task's milliseconds by name.
 */
export async function runOnLanes(
  lanes: readonly Lane[],
  tasks: readonly { name: string; statement: SQL }[],
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const queue = [...tasks];
  const times: Record<string, number> = {};
  await Promise.all(
    lanes.map(async (lane) => {
      for (let task = queue.shift(); task; task = queue.shift()) {
        const started = performance.now();
        await lane.run(task.statement);
        const ms = performance.now() - started;
        times[task.name] = ms;
        log(`  ${task.name}: ${(ms / 1000).toFixed(1)} s`);
      }
    }),
  );
  return times;
}
