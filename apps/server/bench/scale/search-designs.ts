import type { CriterionOf, DateCriterion, SearchCriteria } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Subtrees } from '../../src/modules/search/search-criteria';
import { DOCUMENT_FIELDS } from '../../src/modules/search/search-document-format';

/**
 * The index designs the searchDesigns bench compares (issue 29 §3), on a scratch copy of the
 * measured company's search rows (schema bench_designs, table `rows`). Every design keeps today's
 * WHERE as it is (so its matches are today's by construction) and adds conditions its own index
 * answers, each implied by today's: the bench counts every mix under every design and fails when
 * a count differs, which would mean a key missing from a row.
 *
 * - facets: `facets bigint[]`, one key per structured value of the incident: its class node, its
 *   location node (the node itself, never its ancestors: moving a lookup in its tree changes no
 *   row; the query ORs the resolved subtree), status, severity, reported and occurred month (UTC),
 *   and whether it has a person, legal entity, vehicle, item, attachment card. A key is
 *   hashtextextended of a short text ('c' || class id, 'r202411'…): 8 bytes, no dictionary; a
 *   collision could only add candidates, which today's conditions then refuse. One GIN (facets).
 * - words: `words text[]`, the distinct words (split at spaces only) of chosen fields of the
 *   documents as 'p4:nguyen' (kind letter, field position in the card: persons first/middle/last,
 *   legal entity name, vehicle maker/model/colour, address street/city), GIN (words), and the
 *   company's vocabulary `words_dict` (token primary key, trigram GIN) kept by the write. A typed
 *   value of three or more characters without a space asks `words && (the vocabulary's tokens of
 *   that field containing the value)`: a field contains a value without a space exactly when one
 *   of its space-separated words does, so partial, accent- and case-insensitive matching (the
 *   vocabulary is folded as the documents are, and LIKE with blotter_search_like keeps % and _
 *   literal) is today's. Values with a space or under three characters, plates, serials, items
 *   and attachments keep today's trigrams only. Relations and flags stay checked within one card
 *   by today's expression.
 */
export const SCHEMA = 'bench_designs';
export const TABLE = `${SCHEMA}.rows`;

/** The words kept per document kind: the field positions of DOCUMENT_FIELDS (2 is a card's first field). */
export const WORD_FIELDS = {
  persons: { prefix: 'p', fields: ['firstName', 'middleName', 'lastName'] },
  companies: { prefix: 'c', fields: ['name'] },
  vehicles: { prefix: 'v', fields: ['maker', 'model', 'color'] },
  address: { prefix: 'a', fields: ['street', 'cityName'] },
} as const;
type WordKind = keyof typeof WORD_FIELDS;

/** The position of a field in its card as the SQL splits it (the flags part is 1, the first field 2). */
const position = (kind: WordKind, field: string) => (DOCUMENT_FIELDS[kind] as readonly string[]).indexOf(field) + 2;

const positions = (kind: WordKind) =>
  `{${(WORD_FIELDS[kind].fields as readonly string[]).map((field) => position(kind, field)).join(',')}}`;

/** The functions and the copy's extra columns, as the statements that create them. */
export const SETUP_FUNCTIONS = [
  `create schema ${SCHEMA}`,
  `create function ${SCHEMA}.keys(k text[]) returns bigint[] language sql immutable parallel safe
    as $$ select array(select hashtextextended(x, 0) from unnest(k) x) $$`,
  `create function ${SCHEMA}.facets_of(class uuid, location uuid, status smallint, severity uuid,
      reported timestamptz, occurred timestamptz, persons text, companies text, vehicles text, items text,
      attachments text) returns bigint[] language sql immutable parallel safe as $$
    select ${SCHEMA}.keys(array_remove(array['c' || class::text, 'l' || location::text, 's' || status::text,
      'v' || severity::text,
      'r' || to_char(extract(year from reported at time zone 'UTC') * 100 + extract(month from reported at time zone 'UTC'), 'FM999999'),
      'o' || to_char(extract(year from occurred at time zone 'UTC') * 100 + extract(month from occurred at time zone 'UTC'), 'FM999999'),
      case when persons <> '' then 'hp' end, case when companies <> '' then 'hc' end,
      case when vehicles <> '' then 'hv' end, case when items <> '' then 'hi' end,
      case when attachments <> '' then 'ha' end], null)) $$`,
  // The words of a document's fields at `fields` (positions after splitting a card at chr(31)).
  `create function ${SCHEMA}.doc_words(prefix text, doc text, fields int[]) returns text[]
    language sql immutable parallel safe as $$
    select coalesce(array_agg(distinct prefix || f.n || ':' || w), '{}')
      from unnest(string_to_array(doc, chr(30))) card,
        unnest(string_to_array(card, chr(31))) with ordinality f(field, n),
        unnest(string_to_array(f.field, ' ')) w
      where f.n = any(fields) and w <> '' $$`,
  `create function ${SCHEMA}.words_of(persons text, companies text, vehicles text, address text) returns text[]
    language sql immutable parallel safe as $$
    select ${SCHEMA}.doc_words('p', persons, '${positions('persons')}') || ${SCHEMA}.doc_words('c', companies, '${positions('companies')}')
      || ${SCHEMA}.doc_words('v', vehicles, '${positions('vehicles')}') || ${SCHEMA}.doc_words('a', address, '${positions('address')}') $$`,
];

export const FACETS_OF = (s: string) =>
  `${SCHEMA}.facets_of(${s}.last_class_id, ${s}.last_location_id, ${s}.status, ${s}.severity_id, ${s}.reported_date,
    ${s}.occurred_date, ${s}.persons, ${s}.companies, ${s}.vehicles, ${s}.items, ${s}.attachments)`;
export const WORDS_OF = (s: string) => `${SCHEMA}.words_of(${s}.persons, ${s}.companies, ${s}.vehicles, ${s}.address)`;

/** The indexes each design adds to today's (created on the copy after today's own). */
export const DESIGN_INDEXES = {
  // One GIN with the person trigrams: a scan ANDs a rare name's trigrams with frequent facet keys,
  // skipping through their posting lists, where two indexes would each read theirs whole.
  facets: [`create index d_facets on ${TABLE} using gin (facets, persons gin_trgm_ops)`],
  words: [
    `create index d_words on ${TABLE} using gin (words)`,
    `create table ${SCHEMA}.words_dict (token text primary key)`,
    `insert into ${SCHEMA}.words_dict select distinct unnest(words) from ${TABLE}`,
    `create index d_words_dict_trgm on ${SCHEMA}.words_dict using gin (token gin_trgm_ops)`,
  ],
} as const;

export type DesignName = 'today' | 'facets' | 'words' | 'facets+words';
export const DESIGNS: readonly DesignName[] = ['today', 'facets', 'words', 'facets+words'];
const usesFacets = (design: DesignName) => design === 'facets' || design === 'facets+words';
export const usesWords = (design: DesignName) => design === 'words' || design === 'facets+words';

/** The indexes (and tables) of a design beyond today's, by name: kept when its write is timed, the others dropped. */
export const designExtras = (design: DesignName) => [
  ...(usesFacets(design) ? ['d_facets'] : []),
  ...(usesWords(design) ? ['d_words', 'd_words_dict_trgm', 'words_dict_pkey'] : []),
];
export const ALL_EXTRAS = designExtras('facets+words');

/** A condition that holds for any of the keys: one GIN question. */
const anyKey = (keys: readonly string[]) =>
  sql`i.facets && ${sql.raw(SCHEMA)}.keys(${`{${keys.map((k) => `"${k}"`).join(',')}}`}::text[])`;

const pad2 = (n: number) => String(n).padStart(2, '0');
/** The months 'YYYYMM' from `from` to `to` (UTC), both included. */
function months(from: Date, to: Date): string[] {
  const out: string[] = [];
  const at = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (at <= to) {
    out.push(`${at.getUTCFullYear()}${pad2(at.getUTCMonth() + 1)}`);
    at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return out;
}

const DAY = 86_400_000;
/**
 * The months a date criterion's instants fall in, with a day's margin on either side (any zone and
 * offset), or undefined for the kinds the facets do not serve (months of the year, weekdays, shifts).
 */
function criterionMonths(c: DateCriterion, now: Date): string[] | undefined {
  switch (c.periodType) {
    case 'lastNDays':
      return months(new Date(now.getTime() - ((c.days ?? 0) + 1) * DAY), new Date(now.getTime() + DAY));
    case 'period':
      return months(
        new Date(Date.parse(`${c.fromDate}T00:00:00Z`) - DAY),
        new Date(Date.parse(`${c.toDate}T00:00:00Z`) + 2 * DAY),
      );
    default:
      return undefined;
  }
}

type Keys = string[] | undefined;
/** The facet keys one criterion implies (the incident holds at least one of them), or undefined. */
function criterionKeys(kind: keyof SearchCriteria, c: unknown, subtrees: Subtrees, now: Date): Keys {
  switch (kind) {
    case 'class':
    case 'location': {
      const { lookupId, includeDescendant } = c as CriterionOf<'class'>;
      const ids = includeDescendant ? (subtrees.get(lookupId) ?? [lookupId]) : [lookupId];
      return ids.map((id) => `${kind === 'class' ? 'c' : 'l'}${id}`);
    }
    case 'status':
      return [`s${(c as CriterionOf<'status'>).status}`];
    case 'severity':
      return [`v${(c as CriterionOf<'severity'>).lookupId}`];
    case 'dateReported':
    case 'dateOccurred':
      return criterionMonths(c as DateCriterion, now)?.map((m) => `${kind === 'dateReported' ? 'r' : 'o'}${m}`);
    case 'person':
      return ['hp'];
    case 'company':
      return ['hc'];
    case 'vehicle':
      return ['hv'];
    case 'item':
      return ['hi'];
    case 'attachment':
      return ['ha'];
    default:
      return undefined;
  }
}

const TEXT_KINDS = new Set(['person', 'company', 'vehicle', 'item', 'attachment', 'address']);

/** The facet conditions of the criteria: per group, the union of its criteria's keys (an AND group: each). */
function facetConditions(criteria: SearchCriteria, subtrees: Subtrees, now: Date): SQL[] {
  // Asked only where a text group is ANDed with another group: alone, a structured criterion is
  // served better by its btree (a count stops after 10,001 entries; a GIN bitmap reads every one).
  const groups = Object.entries(criteria).filter(([, group]) => group && group.values.length > 0);
  if (!groups.some(([kind]) => TEXT_KINDS.has(kind)) || groups.length < 2) return [];
  return Object.entries(criteria).flatMap(([kind, group]) => {
    if (!group || group.values.length === 0) return [];
    const keys = group.values.map((value) => criterionKeys(kind as keyof SearchCriteria, value, subtrees, now));
    if (group.logicalOperation === 'AND') return keys.flatMap((k) => (k ? [anyKey(k)] : []));
    if (keys.some((k) => k === undefined)) return [];
    return [anyKey([...new Set(keys.flat() as string[])])];
  });
}

/** A typed value the words serve: its field's token prefix ('p4:') and the value. */
export interface WordLookup {
  prefix: string;
  value: string;
  /** The document column whose trigram LIKE the words replace ('i.persons'). */
  column: string;
}
/** The vocabulary's tokens containing each looked-up value, by `${prefix}${value}` (resolveWordsSql). */
export type WordTokens = ReadonlyMap<string, readonly string[]>;

function wordLookup(kind: WordKind, field: string, value: string | undefined): WordLookup | undefined {
  const typed = value?.trim() ?? '';
  if (typed.length < 3 || /\s/.test(typed)) return undefined;
  return { prefix: `${WORD_FIELDS[kind].prefix}${position(kind, field)}:`, value: typed, column: `i.${kind}` };
}

/**
 * The statement that resolves the lookups in the vocabulary, one round trip before the search (as
 * resolveSubtrees does for trees): given as a literal array, the tokens are estimated from the
 * column's statistics (asked in a subquery, they were guessed at 1% of the rows, and the planner
 * gathered 80,000 'nguyen' matches to sort them instead of walking the newest: 880 ms).
 */
export const resolveWordsSql = (lookups: readonly WordLookup[]) =>
  sql`select l.key, coalesce(array_agg(d.token) filter (where d.token is not null), '{}') as tokens
    from (values ${sql.join(
      lookups.map((l) => sql`(${`${l.prefix}${l.value}`}::text, ${l.prefix}::text, ${l.value}::text)`),
      sql`, `,
    )}) l(key, prefix, value)
    left join ${sql.raw(`${SCHEMA}.words_dict`)} d on d.token like l.prefix || public.blotter_search_like(l.value)
    group by l.key`;

/** A text[] literal of the values. */
const textArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** One typed value's words condition: its field's vocabulary tokens containing it. */
function wordCondition(lookup: WordLookup, tokens: WordTokens): SQL {
  const found = tokens.get(`${lookup.prefix}${lookup.value}`);
  if (!found) throw new Error(`the words '${lookup.prefix}${lookup.value}' were not resolved`);
  return sql`i.words && ${textArray(found)}::text[]`;
}

const CRITERION_KIND: Partial<Record<keyof SearchCriteria, WordKind>> = {
  person: 'persons',
  company: 'companies',
  vehicle: 'vehicles',
  address: 'address',
};

/** The words conditions of one criterion (each typed value served), empty when none. */
function criterionLookups(kind: WordKind, c: Record<string, unknown>): WordLookup[] {
  return (WORD_FIELDS[kind].fields as readonly string[]).flatMap((field) => {
    const lookup = wordLookup(kind, field, typeof c[field] === 'string' ? (c[field] as string) : undefined);
    return lookup ? [lookup] : [];
  });
}

/** Every lookup the criteria need (for resolveWordsSql). */
export function wordLookups(criteria: SearchCriteria): WordLookup[] {
  return Object.entries(criteria).flatMap(([key, group]) => {
    const kind = CRITERION_KIND[key as keyof SearchCriteria];
    if (!kind || !group) return [];
    return group.values.flatMap((value) => criterionLookups(kind, value as Record<string, unknown>));
  });
}

const criterionWords = (kind: WordKind, c: Record<string, unknown>, tokens: WordTokens): SQL[] =>
  criterionLookups(kind, c).map((lookup) => wordCondition(lookup, tokens));

/** The words conditions of the criteria: per group, an OR of its criteria's (AND group: each), when every criterion has one. */
function wordConditions(criteria: SearchCriteria, tokens: WordTokens): SQL[] {
  return Object.entries(criteria).flatMap(([key, group]) => {
    const kind = CRITERION_KIND[key as keyof SearchCriteria];
    if (!kind || !group || group.values.length === 0) return [];
    const each = group.values.map((value) => criterionWords(kind, value as Record<string, unknown>, tokens));
    if (group.logicalOperation === 'AND') return each.flat();
    if (each.some((conditions) => conditions.length === 0)) return [];
    return [
      sql`(${sql.join(
        each.map((conditions) => sql`(${sql.join(conditions, sql` and `)})`),
        sql` or `,
      )})`,
    ];
  });
}

/** What a design adds to today's WHERE for the criteria (empty: today's alone). */
export function designConditions(
  design: DesignName,
  criteria: SearchCriteria,
  subtrees: Subtrees,
  tokens: WordTokens,
  now = new Date(),
): SQL[] {
  return [
    ...(usesFacets(design) ? facetConditions(criteria, subtrees, now) : []),
    ...(usesWords(design) ? wordConditions(criteria, tokens) : []),
  ];
}

/**
 * The write function of a design, from today's blotter_search_refresh (its definition as the
 * catalog gives it): the same INSERT … ON CONFLICT into the copy, with the design's columns
 * computed from the row it writes, and (words) the vocabulary's new tokens.
 */
export function designRefresh(todayDefinition: string, design: DesignName): string {
  const name = `${SCHEMA}.refresh_${design.replace('+', '_')}`;
  const columns = [...(usesFacets(design) ? ['facets'] : []), ...(usesWords(design) ? ['words'] : [])];
  const computed = [...(usesFacets(design) ? [FACETS_OF('s')] : []), ...(usesWords(design) ? [WORDS_OF('s')] : [])];
  const listed = /INSERT INTO incident_search \(([^)]*)\)/.exec(todayDefinition)?.[1]?.replace(/\s+/g, ' ');
  let body = todayDefinition
    .replace(/public\.blotter_search_refresh\(/, `${name}(`)
    .replace(/INSERT INTO incident_search \(/, `INSERT INTO ${TABLE} (`);
  if (!body.includes(`${name}(`) || !body.includes(`INSERT INTO ${TABLE}`)) {
    throw new Error('blotter_search_refresh is not shaped as the bench expects (INSERT INTO incident_search)');
  }
  if (columns.length > 0) {
    body = body
      .replace(
        /attachments\)(\s+SELECT )/,
        `attachments, ${columns.join(', ')})$1s.*, ${computed.join(', ')} FROM (SELECT `,
      )
      .replace(/(FROM incidents i WHERE i\.id = ANY\(incident_ids\))/, `$1) s(${listed})`)
      .replace(/(attachments = excluded\.attachments)/, `$1${columns.map((c) => `, ${c} = excluded.${c}`).join('')}`);
    if (!listed || !body.includes(') s(') || !body.includes(`${columns.at(-1)} = excluded.`)) {
      throw new Error(`blotter_search_refresh could not be rewritten for the design ${design}`);
    }
  }
  if (usesWords(design)) {
    body = body.replace(
      /\n\$function\$/,
      `;\n  INSERT INTO ${SCHEMA}.words_dict SELECT DISTINCT unnest(words) FROM ${TABLE} WHERE id = ANY(incident_ids)
    ON CONFLICT DO NOTHING\n$function$`,
    );
  }
  return body;
}

/**
 * A words design's statement: today's, with the trigram LIKE of each value the words serve turned
 * into a condition on the parameter alone (so the planner sees the words instead of the same
 * question asked twice, whose selectivities it multiplies: 268 'boreal' rows estimated for 20,751,
 * and all of them gathered and sorted). The expression that checks the card and its fields stays,
 * so the matches are today's. Matched on the rendered text: `i.persons like public.blotter_search_like($5)`.
 */
export function withoutServedLikes(
  query: { sql: string; params: unknown[] },
  lookups: readonly WordLookup[],
): { sql: string; params: unknown[] } {
  let text = query.sql;
  let replaced = 0;
  for (const [index, param] of query.params.entries()) {
    for (const lookup of lookups.filter((l) => l.value === param)) {
      const like = `${lookup.column} like public.blotter_search_like($${index + 1})`;
      if (text.includes(like)) replaced++;
      text = text.replaceAll(like, `($${index + 1}::text is not null)`);
    }
  }
  if (lookups.length > 0 && replaced === 0) throw new Error('no trigram LIKE of a served value found in the statement');
  return { sql: text, params: query.params };
}
