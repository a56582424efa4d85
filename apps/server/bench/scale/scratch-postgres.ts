import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server of the scale benchmarks: DATABASE_URL names the server (its database is ignored). */
export const POSTGRES_BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432';

export interface ScratchDatabase {
  /** postgres:// URL of the new, empty database. */
  url: string;
  /** Runs one statement outside any transaction (VACUUM cannot run inside one). */
  run(statement: string): Promise<void>;
  /** Drops the database (closing the sessions still open on it). */
  drop(): Promise<void>;
}

async function onDatabase<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates a fresh database on the server of POSTGRES_BASE_URL, to be dropped by the caller. */
export async function createScratchDatabase(base = POSTGRES_BASE_URL): Promise<ScratchDatabase> {
  const name = `blotter_scale_${randomBytes(4).toString('hex')}`;
  const maintenance = new URL(base);
  maintenance.pathname = '/postgres';
  const url = new URL(base);
  url.pathname = `/${name}`;
  await onDatabase(maintenance.href, (client) => client.query(`create database ${name}`));
  return {
    url: url.href,
    run: async (statement) => {
      await onDatabase(url.href, (client) => client.query(statement));
    },
    drop: async () => {
      await onDatabase(maintenance.href, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
