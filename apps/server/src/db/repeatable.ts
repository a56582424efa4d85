import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { sqlFormatValues } from '../modules/search/search-document-format';

/**
 * Repeatable migrations, as Flyway's R__ files: the live definition of functions, triggers and
 * views (CREATE OR REPLACE …) in readable files under src/db/sql, applied after the drizzle-kit
 * migrations whenever a file's text changed, each in its own transaction that also records its
 * checksum. The versioned migrations stay as they were applied; these files are the state on top.
 */

/** Next to this module in the source tree, and copied next to the bundle by the build. */
export const SQL_DIR = fileURLToPath(new URL('./sql', import.meta.url));

/** The history of the repeatable files, beside drizzle's own (never read by the application role). */
const HISTORY = sql`drizzle.blotter_repeatable_migrations`;

/** The statements of a file are separated as drizzle-kit separates those of a migration. */
const BREAKPOINT = '--> statement-breakpoint';

/** Anything that runs statements: a drizzle database (PGlite or one PostgreSQL client) or a transaction. */
export interface SqlRunner {
  execute(query: SQL): Promise<unknown>;
}
export interface TransactionRunner extends SqlRunner {
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

export interface RepeatableFile {
  /** Its path under the folder, with '/' (the order files are applied in). */
  name: string;
  /** The text with its placeholders filled. */
  text: string;
  /** sha256 of `text`: a changed file, or a changed value of its placeholders, applies it again. */
  checksum: string;
}

/** The values of the templates' {{NAME}} placeholders: the search document format. */
export const SQL_PLACEHOLDERS: Readonly<Record<string, string>> = sqlFormatValues();

/** Fills {{NAME}} from `values`; a name it does not know is an error, not an empty string. */
export function renderTemplate(text: string, values: Readonly<Record<string, string>>, file = 'template'): string {
  return text.replace(/\{\{([A-Z][A-Z0-9_]*)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${file}: no value for the placeholder {{${name}}}`);
    return value;
  });
}

/** The .sql files under `folder`, in the order of their paths, filled from `values`. */
export async function readRepeatables(
  folder: string,
  values: Readonly<Record<string, string>> = SQL_PLACEHOLDERS,
): Promise<RepeatableFile[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.sql'))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const text = renderTemplate(await readFile(path.join(folder, name), 'utf8'), values, name);
      return { name, text, checksum: createHash('sha256').update(text).digest('hex') };
    }),
  );
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Applies each file of `folder` whose checksum differs from the one recorded (or that was never
 * applied); returns the names applied. The caller holds the migration lock on PostgreSQL.
 */
export async function applyRepeatables(
  db: TransactionRunner,
  folder = SQL_DIR,
  values: Readonly<Record<string, string>> = SQL_PLACEHOLDERS,
): Promise<string[]> {
  const files = await readRepeatables(folder, values);
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists ${HISTORY} (name text primary key, checksum text not null,
      applied_at timestamp with time zone not null default now())`,
  );
  const recorded = new Map(
    rowsOf<{ name: string; checksum: string }>(await db.execute(sql`select name, checksum from ${HISTORY}`)).map(
      (row) => [row.name, row.checksum],
    ),
  );
  const applied: string[] = [];
  for (const file of files) {
    if (recorded.get(file.name) === file.checksum) continue;
    await db
      .transaction(async (tx) => {
        for (const statement of file.text.split(BREAKPOINT)) {
          if (statement.trim() !== '') await tx.execute(sql.raw(statement));
        }
        await tx.execute(
          sql`insert into ${HISTORY} (name, checksum) values (${file.name}, ${file.checksum})
            on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`,
        );
      })
      .catch((error: unknown) => {
        throw new Error(`repeatable migration ${file.name} failed: ${(error as Error).message}`, { cause: error });
      });
    applied.push(file.name);
  }
  return applied;
}
