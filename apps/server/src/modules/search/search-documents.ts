import type { PartyRelation } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  CARD_SEPARATOR,
  DOCUMENT_FIELDS,
  type DocumentField,
  type DocumentKind,
  FIELD_SEPARATOR,
  FLAG_LETTERS,
  FLAG_PREFIX,
  flagWord,
  type OwnFlag,
} from './search-document-format';

/**
 * Card criteria over the search documents of incident_search, whose format (separators, flag
 * words, field order) is search-document-format.ts. A criterion is one regular expression that must
 * match within a single card: its flags, then each field in the document's order, containing the
 * folded value typed for it (any text where none was typed).
 */

/**
 * The separators as the regular expression writes them: \\u takes exactly four hex digits (\\x would
 * read on into a following letter: '\\x1eE' is one character, U+01EE).
 */
const escaped = (separator: string) => `\\u${separator.charCodeAt(0).toString(16).padStart(4, '0')}`;
const CARD = escaped(CARD_SEPARATOR);
const FIELD = escaped(FIELD_SEPARATOR);
/** Any text within one field. */
const FIELD_TEXT = `[^${CARD}${FIELD}]*`;
const RELATION_LETTERS = [
  FLAG_LETTERS.REPORTER,
  FLAG_LETTERS.VICTIM,
  FLAG_LETTERS.PERSON_OF_INTEREST,
  FLAG_LETTERS.SUSPECT,
  FLAG_LETTERS.WITNESS,
  FLAG_LETTERS.SUBJECT,
].join('');
/** Any number of relation words. */
const RELATIONS = `(?:${FLAG_PREFIX}[${RELATION_LETTERS}] )*`;
/** Any flag words at all. */
const ANY_FLAGS = `(?:${FLAG_PREFIX}[a-z] )*`;

/** What a criterion asks of a card's flags: an expression over the words, and words the index can look for. */
export interface FlagsQuery {
  pattern: string;
  words: string[];
}

/**
 * The flags of a person's (employee) or legal entity's (owner) card: the flag when required, then
 * at least one of `relations` when any are asked for; undefined when neither is.
 */
export function partyFlags(
  flag: OwnFlag,
  required: boolean,
  relations: readonly PartyRelation[],
): FlagsQuery | undefined {
  if (!required && relations.length === 0) return undefined;
  const letters = relations.map((relation) => FLAG_LETTERS[relation]).join('');
  const [only] = relations;
  const own = flagWord(flag);
  return {
    pattern: `${required ? own : `(?:${own})?`}${letters ? `${RELATIONS}${FLAG_PREFIX}[${letters}] ${RELATIONS}` : RELATIONS}`,
    // One relation is one more word to ask the index for; several would be an OR of index scans.
    words: [...(required ? [own] : []), ...(relations.length === 1 && only ? [flagWord(only)] : [])],
  };
}

/**
 * The incident has a card in `document` (a document of `kind`) whose flags meet `flags` (when
 * given) and whose fields contain the values of `fields` (an empty or missing value asks nothing of
 * its field). With neither, the incident has such a card at all: 'has a person'.
 */
export function cardMatches<K extends DocumentKind>(
  document: SQL,
  kind: K,
  fields: Partial<Record<DocumentField<K>, string | undefined>>,
  flags?: FlagsQuery,
): SQL {
  const names: readonly DocumentField<K>[] = DOCUMENT_FIELDS[kind];
  const values = names.map((name) => fields[name]?.trim() ?? '');
  const last = values.findLastIndex((value) => value !== '');
  if (last < 0 && flags === undefined) return sql`${document} <> ''`;
  const pieces: SQL[] = [sql`${`${CARD}${flags?.pattern ?? ANY_FLAGS}`}`];
  // Fields after the last one asked about need not be spelt out.
  for (const value of values.slice(0, last + 1)) {
    pieces.push(
      value === ''
        ? sql`${`${FIELD}${FIELD_TEXT}`}`
        : sql`${`${FIELD}${FIELD_TEXT}`} || public.blotter_search_pattern(${value}) || ${FIELD_TEXT}`,
    );
  }
  // The index is asked with a LIKE per typed value (pg_trgm gives up on the trigrams of a long
  // expression and would read every row: 'chloe … tremblay' found 1.9 million candidates); the
  // expression, on a copy of the column the index does not serve, then checks the card and fields.
  // In coalesce (never null here), which the planner estimates at about a half, not at the 0.5%
  // it guesses for a pattern it has no statistics for: that guess made it read all 78,000 matches
  // of 'nguyen' and sort them (200 ms) rather than walk the newest until it had a page.
  const contains = [...(flags?.words ?? []), ...values.filter((value) => value !== '')].map(
    (value) => sql`${document} like public.blotter_search_like(${value})`,
  );
  const card = sql`coalesce((${document} || '') ~ (${sql.join(pieces, sql` || `)}), false)`;
  return sql`(${sql.join([...contains, card], sql` and `)})`;
}
