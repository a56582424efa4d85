import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { MIGRATIONS_DIR } from './migrate';
import { applyRepeatables, readRepeatables, renderTemplate, SQL_DIR, SQL_PLACEHOLDERS } from './repeatable';

/**
 * The repeatable migrations (src/db/sql) on a fresh database of their own (PGlite, also when the
 * suite runs on PostgreSQL): first the versioned migrations alone, as every database was built
 * before the repeatable files existed, then the files on top.
 */

let database: Database;
let folder: string;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * What the database defines: every blotter_ function (its whole definition and its grants), every
 * trigger and every view of the public schema (definition and grants).
 */
const catalogue = () =>
  rows<{ name: string; definition: string }>(sql`
    select 'function ' || p.oid::regprocedure::text as name,
      pg_get_functiondef(p.oid) || ' acl ' || coalesce(p.proacl::text, 'default') as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.proname like 'blotter\\_%'
    union all
    select 'trigger ' || t.tgrelid::regclass::text || '.' || t.tgname, pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text
    from pg_trigger t where not t.tgisinternal
    union all
    select 'view ' || c.oid::regclass::text, pg_get_viewdef(c.oid) || ' acl ' || coalesce(c.relacl::text, 'default')
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'v'
    order by name`);

/** What the files define that no versioned migration did (issue 31: the active ban criterion's view). */
const ADDED_BY_FILES = ['view search_ban_incidents', 'function blotter_api_token_principal(text,boolean,text,boolean)'];

/** What the files changed of the versioned migrations' definitions (issue 32: the bulk import defers the search rows and refreshes them itself, as the application role). */
const CHANGED_BY_FILES = ['function blotter_search_sync()', 'function blotter_search_refresh(uuid[])'];

const history = () =>
  rows<{ name: string; checksum: string; applied_at: string }>(
    sql`select name, checksum, applied_at::text from drizzle.blotter_repeatable_migrations order by name`,
  );

const probe = async () => (await rows<{ value: number }>(sql`select blotter_repeatable_probe() as value`))[0]?.value;
const probeFile = (value: number) =>
  `-- a probe\nCREATE OR REPLACE FUNCTION blotter_repeatable_probe() RETURNS integer LANGUAGE sql AS $$ SELECT ${value} $$;`;

// A new database runs initdb and every migration (not the test template): allow for a loaded machine.
beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
  await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
  folder = await mkdtemp(path.join(os.tmpdir(), 'blotter-repeatable-'));
}, 240_000);
afterAll(async () => {
  await database?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('repeatable migrations (src/db/sql)', () => {
  it('define the same functions, triggers and views as the versioned migrations did, and apply once', async () => {
    const before = await catalogue();
    // Not vacuous: the search engine and the principal are in what is compared.
    expect(before.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'function blotter_search_refresh(uuid[])',
        'function blotter_search_flags(boolean,boolean,jsonb)',
        'function blotter_search_sync()',
        'function blotter_principal(uuid,text,text)',
        'function blotter_principal_scope(uuid,text,text,boolean,text)',
        'trigger incident_persons.search_update',
        'view search_incidents',
      ]),
    );
    expect(await applyRepeatables(database.db)).toEqual([
      'auth/api-token-principal.sql',
      'auth/principal.sql',
      'search/documents.sql',
      'search/triggers.sql',
      'search/views.sql',
    ]);
    // Every definition is byte for byte what migrations 0003-0024 left (when a file is changed on
    // purpose, this comparison is where the change shows), and the files add only what is listed.
    const after = await catalogue();
    const kept = (row: { name: string }) => !ADDED_BY_FILES.includes(row.name) && !CHANGED_BY_FILES.includes(row.name);
    expect(after.filter(kept)).toEqual(before.filter(kept));
    expect(after.find((row) => row.name === 'function blotter_search_sync()')?.definition).toContain(
      "current_setting('blotter.search_deferred', true) = 'on'",
    );
    expect(after.map((row) => row.name)).toEqual(expect.arrayContaining(ADDED_BY_FILES));
    const recorded = await history();
    expect(recorded.map((row) => row.name)).toEqual([
      'auth/api-token-principal.sql',
      'auth/principal.sql',
      'search/documents.sql',
      'search/triggers.sql',
      'search/views.sql',
    ]);

    // Applying again changes nothing: no file runs, the history keeps its times.
    expect(await applyRepeatables(database.db)).toEqual([]);
    expect(await history()).toEqual(recorded);
    expect(await catalogue()).toEqual(after);
  });

  it('the files hold no placeholder the format module does not fill, and their checksum follows the values', async () => {
    const files = await readRepeatables(SQL_DIR);
    expect(files.every((file) => !file.text.includes('{{'))).toBe(true);
    const documents = files.find((file) => file.name === 'search/documents.sql');
    expect(documents?.text).toContain("THEN 'qxv ' ELSE ''");
    const changed = await readRepeatables(SQL_DIR, { ...SQL_PLACEHOLDERS, FLAG_VICTIM: "'qxx '" });
    expect(changed.find((file) => file.name === 'search/documents.sql')?.checksum).not.toBe(documents?.checksum);
    expect(changed.find((file) => file.name === 'search/views.sql')?.checksum).toBe(
      files.find((file) => file.name === 'search/views.sql')?.checksum,
    );
    expect(() => renderTemplate('select {{NO_SUCH}}', SQL_PLACEHOLDERS, 'x.sql')).toThrow(
      'x.sql: no value for the placeholder {{NO_SUCH}}',
    );
  });

  it('a changed file is applied again, an unchanged one is not, and a failing one changes nothing', async () => {
    await mkdir(path.join(folder, 'probe'), { recursive: true });
    await writeFile(path.join(folder, 'probe/value.sql'), probeFile(1));
    expect(await applyRepeatables(database.db, folder)).toEqual(['probe/value.sql']);
    expect(await probe()).toBe(1);
    expect(await applyRepeatables(database.db, folder)).toEqual([]);

    await writeFile(path.join(folder, 'probe/value.sql'), probeFile(2));
    expect(await applyRepeatables(database.db, folder)).toEqual(['probe/value.sql']);
    expect(await probe()).toBe(2);

    // A file that fails rolls back with its statements and its history row; start-up fails with its name.
    const checksum = (await history()).find((row) => row.name === 'probe/value.sql')?.checksum;
    await writeFile(
      path.join(folder, 'probe/value.sql'),
      `${probeFile(3)}--> statement-breakpoint\nSELECT no_such_function();`,
    );
    await expect(applyRepeatables(database.db, folder)).rejects.toThrow('repeatable migration probe/value.sql failed');
    expect(await probe()).toBe(2);
    expect((await history()).find((row) => row.name === 'probe/value.sql')?.checksum).toBe(checksum);
  });
});
