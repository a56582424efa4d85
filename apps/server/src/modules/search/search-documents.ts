import type { PartyRelation } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Card criteria over the search documents of incident_search (migrations 0014 and 0016): a document
 * holds each card of a kind as chr(30), its flags as words ('qxe ' employee, 'qxo ' owner, then one
 * word per relation), then each field after chr(31), folded. A criterion is one regular expression
 * that must match within a single card: its flags, then each field in the document's order,
 * containing the folded value typed for it (any text where none was typed).
 */

/** The letter of each relation's flag word, 'qx' + letter + space (blotter_search_flags). */
const RELATION_LETTERS: Record<PartyRelation, string> = {
  REPORTER: 'r',
  VICTIM: 'v',
  PERSON_OF_INTEREST: 'i',
  SUSPECT: 's',
  WITNESS: 'w',
  SUBJECT: 'j',
};
/** Any number of relation words. */
const RELATIONS = '(?:qx[rviswj] )*';
/**
 * The separators as the regular expression writes them: \u takes exactly four hex digits (\x would
 * read on into a following letter: '\x1eE' is one character, U+01EE).
 */
const CARD = '\\u001e';
const FIELD = '\\u001f';
/** Any text within one field. */
const FIELD_TEXT = `[^${CARD}${FIELD}]*`;

/** What a criterion asks of a card's flags: an expression over the words, and words the index can look for. */
export interface FlagsQuery {
  pattern: string;
  words: string[];
}

/**
 * The flags of a person's (employee, 'qxe') or legal entity's (owner, 'qxo') card: the flag when
 * required, then at least one of `relations` when any are asked for; undefined when neither is.
 */
export function partyFlags(
  flag: 'qxe' | 'qxo',
  required: boolean,
  relations: readonly PartyRelation[],
): FlagsQuery | undefined {
  if (!required && relations.length === 0) return undefined;
  const letters = relations.map((relation) => RELATION_LETTERS[relation]).join('');
  const [only] = relations;
  return {
    pattern: `${required ? `${flag} ` : `(?:${flag} )?`}${letters ? `${RELATIONS}qx[${letters}] ${RELATIONS}` : RELATIONS}`,
    // One relation is one more word to ask the index for; several would be an OR of index scans.
    words: [
      ...(required ? [`${flag} `] : []),
      ...(relations.length === 1 && only ? [`qx${RELATION_LETTERS[only]} `] : []),
    ],
  };
}

/**
 * The incident has a card in `document` whose flags meet `flags` (when given) and whose fields
 * contain the values of `fields`, given in the document's field order (an empty value asks nothing
 * of its field). With neither, the incident has such a card at all: 'has a person'.
 */
export function cardMatches(document: SQL, fields: readonly (string | undefined)[], flags?: FlagsQuery): SQL {
  const values = fields.map((value) => value?.trim() ?? '');
  const last = values.findLastIndex((value) => value !== '');
  if (last < 0 && flags === undefined) return sql`${document} <> ''`;
  const pieces: SQL[] = [sql`${`${CARD}${flags?.pattern ?? '(?:qx[a-z] )*'}`}`];
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
