import type { PartyRelation } from '@blotter/shared';

/**
 * The format of the search documents of incident_search, the one place both sides read it from:
 * the SQL that builds them (src/db/sql/search/*.sql, whose {{…}} placeholders are filled from
 * sqlFormatValues below when the repeatable migrations are applied) and the regular expressions of
 * the search (search-documents.ts).
 *
 * A document holds every card of one kind of an incident, one after another: CARD_SEPARATOR, the
 * card's flags as words ('qx' + a letter + a space, so the trigram index can look for them), then
 * each field after FIELD_SEPARATOR, folded by blotter_search_text (which turns either separator
 * inside a value into a space). The incident's street address is one such card without flags.
 */

/** chr(30), the ASCII record separator: starts a card. */
export const CARD_SEPARATOR = '\u001e';
/** chr(31), the ASCII unit separator: starts each field of a card. */
export const FIELD_SEPARATOR = '\u001f';
/** Every flag word is this prefix, one lowercase letter and a space. */
export const FLAG_PREFIX = 'qx';

/** The card flags, in the order a card lists them: the card's own flag, then its relations. */
export const FLAG_LETTERS = {
  employee: 'e',
  owner: 'o',
  REPORTER: 'r',
  VICTIM: 'v',
  PERSON_OF_INTEREST: 'i',
  SUSPECT: 's',
  WITNESS: 'w',
  SUBJECT: 'j',
} as const satisfies Record<'employee' | 'owner' | PartyRelation, string>;

export type CardFlag = keyof typeof FLAG_LETTERS;
/** A card's own flag: a person's 'employee', a legal entity's 'owner'. */
export type OwnFlag = 'employee' | 'owner';

/** The word a flag is written as in a document: 'qxv ' for a victim. */
export const flagWord = (flag: CardFlag) => `${FLAG_PREFIX}${FLAG_LETTERS[flag]} `;

/** Each kind of document (a column of incident_search) and its fields in document order. */
export const DOCUMENT_FIELDS = {
  address: ['unit', 'address', 'street', 'cityName'],
  persons: ['firstName', 'middleName', 'lastName'],
  companies: ['name'],
  vehicles: ['licensePlate', 'stateProvince', 'maker', 'model', 'color'],
  items: ['name', 'brand', 'model', 'color', 'serialNumber'],
  // The attachment's name and its file's name as one field: 'name file_name'.
  attachments: ['name'],
} as const;

export type DocumentKind = keyof typeof DOCUMENT_FIELDS;
export type DocumentField<K extends DocumentKind> = (typeof DOCUMENT_FIELDS)[K][number];

/** One card of a document: its flags (in FLAG_LETTERS order) and its fields by name. */
export interface DocumentCard<K extends DocumentKind> {
  flags: CardFlag[];
  fields: Record<DocumentField<K>, string>;
}

const FLAG_ORDER = Object.keys(FLAG_LETTERS) as CardFlag[];
const FLAG_OF_LETTER = new Map<string, CardFlag>(FLAG_ORDER.map((flag) => [FLAG_LETTERS[flag], flag]));
const FLAG_WORD = new RegExp(`^${FLAG_PREFIX}([a-z]) `);

/**
 * A document as blotter_search_refresh writes it, from cards whose fields are already folded (the
 * SQL folds with blotter_search_text; this side does not fold). For tests and for tools.
 */
export function buildDocument<K extends DocumentKind>(kind: K, cards: readonly DocumentCard<K>[]): string {
  const names: readonly DocumentField<K>[] = DOCUMENT_FIELDS[kind];
  return cards
    .map((card) => {
      const flags = FLAG_ORDER.filter((flag) => card.flags.includes(flag))
        .map(flagWord)
        .join('');
      return `${CARD_SEPARATOR}${flags}${names.map((name) => `${FIELD_SEPARATOR}${card.fields[name]}`).join('')}`;
    })
    .join('');
}

/** The cards of a document; throws on text that is not one of `kind`. */
export function parseDocument<K extends DocumentKind>(kind: K, document: string): DocumentCard<K>[] {
  if (document === '') return [];
  const names: readonly DocumentField<K>[] = DOCUMENT_FIELDS[kind];
  const [before, ...cards] = document.split(CARD_SEPARATOR);
  if (before !== '') throw new Error(`a ${kind} document starts with its card separator`);
  return cards.map((text) => {
    const [head = '', ...values] = text.split(FIELD_SEPARATOR);
    if (values.length !== names.length) {
      throw new Error(`a ${kind} card has ${names.length} fields, not ${values.length}`);
    }
    const flags: CardFlag[] = [];
    let rest = head;
    for (let word = FLAG_WORD.exec(rest); word; word = FLAG_WORD.exec(rest)) {
      const flag = FLAG_OF_LETTER.get(word[1] ?? '');
      if (!flag) throw new Error(`unknown flag word '${word[0]}'`);
      flags.push(flag);
      rest = rest.slice(word[0].length);
    }
    if (rest !== '') throw new Error(`unexpected text before the fields of a ${kind} card: '${rest}'`);
    const fields = Object.fromEntries(names.map((name, index) => [name, values[index] ?? ''])) as Record<
      DocumentField<K>,
      string
    >;
    return { flags, fields };
  });
}

/** A string as a SQL literal. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
/** A one-character string as the SQL expression chr(n). */
const chr = (value: string) => `chr(${value.codePointAt(0)})`;

/**
 * The placeholders of the SQL templates: {{CARD}} and {{FIELD}} are the separators as chr(n),
 * {{FLAG_EMPLOYEE}}, {{FLAG_VICTIM}}… the flag words as literals ('qxv ').
 */
export function sqlFormatValues(): Record<string, string> {
  return {
    CARD: chr(CARD_SEPARATOR),
    FIELD: chr(FIELD_SEPARATOR),
    ...Object.fromEntries(FLAG_ORDER.map((flag) => [`FLAG_${flag.toUpperCase()}`, literal(flagWord(flag))])),
  };
}
