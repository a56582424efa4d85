import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

interface RenderedQuery {
  sql: string;
  params: unknown[];
}

/** The session drizzle's databases and transactions hold (not part of drizzle's typed API). */
interface DrizzleSession {
  session: {
    prepareQuery(
      query: RenderedQuery,
      fields: undefined,
      name: string | undefined,
      arrayMode: false,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
}

const dialect = new PgDialect();

/**
 * A query of a hot path, rendered to SQL once and run as a named prepared statement: on PostgreSQL
 * it is parsed and planned once per connection and then only bound and executed (planning a large
 * JSON query costs several times executing it), and the server does not rebuild its SQL text on
 * every call. Values go in through drizzle placeholders (`sql.placeholder('incidentId')`).
 * Define it once at module level; the name carries a hash of the text, so one name never meets
 * two texts. PGlite runs it as an ordinary query.
 */
export class PreparedQuery {
  #rendered: (RenderedQuery & { name: string }) | undefined;
  constructor(
    private readonly name: string,
    private readonly query: SQL,
  ) {}

  execute(db: Executor, values: Record<string, unknown>): Promise<unknown> {
    this.#rendered ??= this.#render();
    const { name, ...rendered } = this.#rendered;
    return (db as unknown as DrizzleSession).session.prepareQuery(rendered, undefined, name, false).execute(values);
  }

  /** The statement as pg takes it: the prepared statement's name, its text and the filled values. */
  statement(values: Record<string, unknown>): { name: string; text: string; values: unknown[] } {
    this.#rendered ??= this.#render();
    const { name, sql: text, params } = this.#rendered;
    return { name, text, values: fillPlaceholders(params, values) };
  }

  /**
   * This query answered only on the connection whose setting app.request holds requestNonce (set
   * by blotter_principal_scope of the same request), else null: a prefetch sent behind the
   * principal statement never reads under a tenant left on the connection by an earlier request
   * when that statement fails.
   */
  forRequest(): PreparedQuery {
    this.#forRequest ??= new PreparedQuery(
      `${this.name}_req`,
      sql`select case when current_setting('app.request', true) = ${sql.placeholder('requestNonce')}
        then (${this.query}) end as value`,
    );
    return this.#forRequest;
  }
  #forRequest: PreparedQuery | undefined;

  #render() {
    const rendered = dialect.sqlToQuery(this.query);
    const hash = createHash('sha1').update(rendered.sql).digest('base64url').slice(0, 10);
    return { ...rendered, name: `${this.name}_${hash}` };
  }
}

/**
 * A request's first read, named by its route before the user is known (RouteSpec.prefetch): on
 * PostgreSQL it goes to the database right behind the principal statement, one round trip for
 * both; it only ever reads under the request's own tenant, and its answer is used only after the
 * principal passed every check. The query answers one JSON value in a column named `value`.
 */
export interface Prefetch {
  query: PreparedQuery;
  values: Record<string, unknown>;
}

/**
 * Runs a query that answers one JSON value in a column named `value` and returns it. Lists read
 * on hot paths are aggregated to JSON in the database: PGlite converts every cell of a result in
 * JavaScript, so one JSON cell is several times faster than hundreds of rows (PostgreSQL does
 * not mind either way). A PreparedQuery takes the values of its placeholders.
 */
export async function jsonValue<T>(
  db: Executor,
  query: SQL | PreparedQuery,
  values: Record<string, unknown> = {},
): Promise<T> {
  const result = (await (query instanceof PreparedQuery ? query.execute(db, values) : db.execute(query))) as {
    rows: { value: T }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('The JSON query answered no row');
  return row.value;
}

/**
 * A list as one SQL array, sent as one JSON parameter: `column = any(${sqlArray(ids, 'uuid')})`
 * probes an index once per value like `in (…)`, without a parameter (and a planning step) per
 * value, and reads the same on PostgreSQL and PGlite.
 */
export function sqlArray(values: readonly (string | number)[], type: 'uuid' | 'text' | 'integer'): SQL {
  return sql`array(select value::${sql.raw(type)} from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}
