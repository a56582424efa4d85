import type pg from 'pg';
import { ALL_EXTRAS, DESIGNS, type DesignName, designExtras, designRefresh, SCHEMA, TABLE } from './search-designs';
import { machineState } from './search-measure';

/**
 * What the searchDesigns bench measures besides the searches: the sizes of the copy's table and
 * indexes, and the write cost per incident of each design.
 */
const log = (line: string) => process.stdout.write(`      ${line}\n`);
const load = () => machineState().load1.toFixed(2);

export interface Sizes {
  /** Bytes of each relation of the copy (table, indexes, the vocabulary), by name. */
  relations: Map<string, number>;
  rows: number;
  /** Average bytes a row spends on each design's column. */
  facetsBytes: number;
  wordsBytes: number;
}

export async function sizesOf(client: pg.Client): Promise<Sizes> {
  const result = await client.query<{ relname: string; bytes: string }>(
    `select c.relname, pg_relation_size(c.oid) as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'i') order by c.relname`,
    [SCHEMA],
  );
  const [widths] = (
    await client.query<{ rows: number; facets: number; words: number }>(
      `select (select count(*)::int from ${TABLE}) as rows, avg(pg_column_size(facets))::float8 as facets,
        avg(pg_column_size(words))::float8 as words from ${TABLE} tablesample system (2)`,
    )
  ).rows;
  return {
    relations: new Map(result.rows.map((row) => [row.relname, Number(row.bytes)])),
    rows: widths?.rows ?? 0,
    facetsBytes: widths?.facets ?? 0,
    wordsBytes: widths?.words ?? 0,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Today's indexes on the copy (named as the real ones) and what each design adds. */
export function sizeLines(sizes: Sizes): string[] {
  const today = [...sizes.relations].filter(([name]) => name.startsWith('incident_search'));
  const todayTotal = today.reduce((sum, [, bytes]) => sum + bytes, 0);
  const lines = [
    `table ${TABLE}: ${mb(sizes.relations.get('rows') ?? 0)} for ${sizes.rows.toLocaleString('en-US')} rows ` +
      `(of which facets ${sizes.facetsBytes.toFixed(0)} B a row, words ${sizes.wordsBytes.toFixed(0)} B a row: ` +
      `${mb(sizes.facetsBytes * sizes.rows)} and ${mb(sizes.wordsBytes * sizes.rows)})`,
    ...today.map(([name, bytes]) => `  today ${name}: ${mb(bytes)}`),
    `  today's indexes in all: ${mb(todayTotal)}`,
  ];
  for (const design of DESIGNS.filter((d) => d !== 'today')) {
    const extras = designExtras(design).map((name) => [name, sizes.relations.get(name) ?? 0] as const);
    const dict = design.includes('words') ? (sizes.relations.get('words_dict') ?? 0) : 0;
    const added = extras.reduce((sum, [, bytes]) => sum + bytes, 0) + dict;
    lines.push(
      `  ${design}: + ${extras.map(([name, bytes]) => `${name} ${mb(bytes)}`).join(', ')}` +
        (dict ? `, words_dict table ${mb(dict)}` : '') +
        ` = ${mb(added)} more (${mb(todayTotal + added)} of indexes in all)`,
    );
  }
  return lines;
}

/** Incidents whose rows the write cost rebuilds: one in 500 by number (2,000 of 1,000,000), spread over the years. */
const WRITE_SAMPLE = 2000;
const WRITE_ROUNDS = Number(process.env.SEARCH_DESIGNS_WRITE_ROUNDS || 3);

/**
 * The write cost per incident of each design: in a transaction rolled back, the design's indexes
 * only (the other designs' dropped), the sample's rows deleted, then timed: the design's refresh
 * function (today's blotter_search_refresh rewritten for the copy) writing them again, and the
 * pending lists of the GIN indexes merged (gin_clean_pending_list), so deferred index work counts.
 */
export async function writeCosts(client: pg.Client): Promise<Map<DesignName, number[]>> {
  const [definition] = (
    await client.query<{ def: string }>(
      `select pg_get_functiondef('public.blotter_search_refresh(uuid[])'::regprocedure) as def`,
    )
  ).rows;
  if (!definition) throw new Error('blotter_search_refresh is missing');
  for (const design of DESIGNS) await client.query(designRefresh(definition.def, design));
  const ids = (
    await client.query<{ id: string }>(`select id from ${TABLE} where number % 500 = 0 order by number limit $1`, [
      WRITE_SAMPLE,
    ])
  ).rows.map((row) => row.id);
  const gin = (
    await client.query<{ name: string }>(
      `select c.relname as name from pg_index x join pg_class c on c.oid = x.indexrelid
        join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and a.amname = 'gin'`,
      [SCHEMA],
    )
  ).rows.map((row) => row.name);
  const costs = new Map<DesignName, number[]>(DESIGNS.map((design) => [design, []]));
  // Round 0 warms the caches (the card tables the functions read) and is not counted.
  for (let round = 0; round <= WRITE_ROUNDS; round++) {
    for (const design of DESIGNS) {
      const kept = designExtras(design);
      await client.query('begin');
      try {
        for (const name of ALL_EXTRAS.filter((n) => !kept.includes(n) && n.startsWith('d_'))) {
          await client.query(`drop index ${SCHEMA}.${name}`);
        }
        await client.query(`delete from ${TABLE} where id = any($1::uuid[])`, [ids]);
        const started = performance.now();
        await client.query(`select ${SCHEMA}.refresh_${design.replace('+', '_')}($1::uuid[])`, [ids]);
        for (const name of gin.filter((n) => !n.startsWith('d_') || kept.includes(n))) {
          await client.query(`select gin_clean_pending_list('${SCHEMA}.${name}'::regclass)`);
        }
        if (round > 0) costs.get(design)?.push(((performance.now() - started) / ids.length) * 1000);
      } finally {
        await client.query('rollback');
      }
    }
    log(`write round ${round}${round === 0 ? ' (warm-up)' : ''}: done (load ${load()})`);
  }
  return costs;
}
