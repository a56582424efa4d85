import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client';
import { checkSample } from './check';
import { type BenchCompany, benchPasswordHash, createBenchCompany } from './companies';
import { historyStatement } from './history-sql';
import { incidentsStatement } from './incidents-sql';
import { type Lane, runOnLanes } from './lanes';
import {
  attachmentsStatement,
  companiesStatement,
  correctiveActionsStatement,
  itemsStatement,
  personsStatement,
  vehiclesStatement,
} from './parts-sql';
import { companyRows, DROP_HELPER_STATEMENTS, HELPER_STATEMENTS } from './sql-helpers';

/** The tables the loader fills; their secondary indexes are built after the rows are in. */
const LOADED_TABLES = [
  'incidents',
  'incident_persons',
  'incident_companies',
  'incident_vehicles',
  'incident_items',
  'incident_corrective_actions',
  'attachments',
  'incident_history',
  'incident_search',
] as const;

/** Tables whose primary key stays during the load: incident_search's serves blotter_search_refresh's upsert. */
const KEPT_PRIMARY_KEYS: readonly string[] = ['incident_search'];

/** Incidents per statement that writes the search rows (migration 0014), so the lanes share the work. */
const SEARCH_ROWS_PER_STATEMENT = 100_000;

export interface LoadReport {
  companies: BenchCompany[];
  /** Milliseconds of each step (companies, incidents, parts, indexes, vacuum) and in total. */
  steps: Record<string, number>;
  totalMs: number;
  rows: Record<string, number>;
}

interface IndexToRebuild {
  table: string;
  name: string;
  /** CREATE INDEX …, or ALTER TABLE … ADD CONSTRAINT … for a primary key nothing references. */
  definition: string;
}

/**
 * Takes off the secondary indexes of the loaded tables (and the primary keys no foreign key needs)
 * and answers their definitions, as PostgreSQL prints them, to build again after the load: one
 * sorted build per index is several times faster than maintaining a dozen indexes, trigram GIN
 * ones among them, row by row. The definitions are the migrations' own, read back from the catalog.
 */
async function takeOffIndexes(lane: Lane): Promise<IndexToRebuild[]> {
  const tables = sql.raw(LOADED_TABLES.map((t) => `'${t}'`).join(','));
  const rows = (await lane.run(sql`
    select c.relname as "table", i.relname as name, pg_get_indexdef(i.oid) as index_def,
      con.conname as constraint_name, con.contype as constraint_type, pg_get_constraintdef(con.oid) as constraint_def,
      exists (select 1 from pg_constraint f where f.confrelid = c.oid and f.contype = 'f') as referenced
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class c on c.oid = x.indrelid
    left join pg_constraint con on con.conindid = i.oid and con.conrelid = c.oid
    where c.relnamespace = 'public'::regnamespace and c.relname in (${tables})
    order by c.relname, i.relname`)) as {
    table: string;
    name: string;
    index_def: string;
    constraint_name: string | null;
    constraint_type: string | null;
    constraint_def: string | null;
    referenced: boolean;
  }[];
  const rebuild: IndexToRebuild[] = [];
  for (const row of rows) {
    if (row.constraint_name === null) {
      await lane.run(sql.raw(`drop index "${row.name}"`));
      rebuild.push({ table: row.table, name: row.name, definition: row.index_def });
    } else if (row.constraint_type === 'p' && !row.referenced && !KEPT_PRIMARY_KEYS.includes(row.table)) {
      await lane.run(sql.raw(`alter table "${row.table}" drop constraint "${row.constraint_name}"`));
      rebuild.push({
        table: row.table,
        name: row.name,
        definition: `alter table "${row.table}" add constraint "${row.constraint_name}" ${row.constraint_def}`,
      });
    }
  }
  return rebuild;
}

/** Builds the indexes (the trigram ones first: they take longest), spread over the lanes. */
const buildIndexes = (lanes: readonly Lane[], indexes: readonly IndexToRebuild[], log: (line: string) => void) =>
  runOnLanes(
    lanes,
    [...indexes]
      .sort((a, b) => Number(b.definition.includes('gin')) - Number(a.definition.includes('gin')))
      .map((index) => ({ name: `${index.table}.${index.name}`, statement: sql.raw(index.definition) })),
    log,
  );

/**
 * Builds the search benchmark's data set: one company per entry of `sizes` (the first is the one
 * the mixes search), its users and lookup trees, then its incidents and every part in
 * INSERT … SELECT statements over generate_series, spread over the lanes, then the indexes and
 * VACUUM ANALYZE. The database must be freshly migrated (prepareDatabase) and hold no incidents.
 */
export async function loadSearchData(
  database: Database,
  lanes: readonly Lane[],
  sizes: readonly number[],
  log: (line: string) => void,
): Promise<LoadReport> {
  const [first] = lanes;
  if (!first) throw new Error('no lane');
  const started = performance.now();
  const steps: Record<string, number> = {};
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    log(`${name}…`);
    const value = await fn();
    steps[name] = performance.now() - at;
    log(`${name}: ${(steps[name] / 1000).toFixed(1)} s`);
    return value;
  };

  const companies = await step('companies, users and lookup trees', async () => {
    const hash = await benchPasswordHash();
    const made: BenchCompany[] = [];
    for (const [index, size] of sizes.entries()) made.push(await createBenchCompany(database, index, size, hash));
    for (const statement of HELPER_STATEMENTS) await first.run(statement);
    await first.run(companyRows(made));
    return made;
  });
  const rebuild = await step('indexes taken off', () => takeOffIndexes(first));
  await step('incidents', () =>
    runOnLanes(
      lanes,
      [...companies]
        .sort((a, b) => b.incidents - a.incidents)
        .map((company) => ({ name: `incidents of company ${company.index}`, statement: incidentsStatement(company) })),
      log,
    ),
  );
  await step('parts and history', () =>
    runOnLanes(
      lanes,
      [
        { name: 'incident_persons', statement: personsStatement() },
        { name: 'incident_history', statement: historyStatement() },
        { name: 'incident_items', statement: itemsStatement() },
        { name: 'attachments', statement: attachmentsStatement() },
        { name: 'incident_companies', statement: companiesStatement() },
        { name: 'incident_corrective_actions', statement: correctiveActionsStatement() },
        { name: 'incident_vehicles', statement: vehiclesStatement() },
      ],
      log,
    ),
  );
  // The search rows (migration 0014) are read from the other tables by their indexes: those first.
  const [searchIndexes, otherIndexes] = [
    rebuild.filter((index) => index.table === 'incident_search'),
    rebuild.filter((index) => index.table !== 'incident_search'),
  ];
  await step('indexes built', () => buildIndexes(lanes, otherIndexes, log));
  // The loading connections fire no triggers (session_replication_role = replica), so the search
  // rows are written here, by the function the triggers call.
  await step('search rows', () =>
    runOnLanes(
      lanes,
      companies.flatMap((company) =>
        Array.from({ length: Math.ceil(company.incidents / SEARCH_ROWS_PER_STATEMENT) }, (_, chunk) => ({
          name: `search rows of company ${company.index}, part ${chunk + 1}`,
          statement: sql`select public.blotter_search_refresh(array(select id from incidents
            where account_id = ${company.accountId}
              and number > ${chunk * SEARCH_ROWS_PER_STATEMENT} and number <= ${(chunk + 1) * SEARCH_ROWS_PER_STATEMENT}))`,
        })),
      ),
      log,
    ),
  );
  await step('search indexes built', () => buildIndexes(lanes, searchIndexes, log));
  await step('vacuum analyze', async () => {
    for (const statement of DROP_HELPER_STATEMENTS) await first.run(statement);
    await runOnLanes(
      lanes,
      LOADED_TABLES.map((table) => ({
        name: `vacuum analyze ${table}`,
        statement: sql.raw(`vacuum analyze ${table}`),
      })),
      log,
    );
  });
  await checkSample(first);
  const rows: Record<string, number> = {};
  for (const table of LOADED_TABLES) {
    const [row] = await first.run(sql.raw(`select count(*)::int as n from ${table}`));
    rows[table] = Number(row?.n ?? 0);
  }
  return { companies, steps, totalMs: performance.now() - started, rows };
}
