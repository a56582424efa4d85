import {
  type IncidentFields,
  type Person,
  type PersonView,
  PRIVATE_PERSON_FIELDS,
  type PrivatePersonField,
} from '@blotter/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { draftIncidents, incidentPersons, parties } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { PERSON_TYPE } from '../parties/party-details';
import { BLANK, maskedCard, type PrivateFields, seesPrivateFields } from '../parties/person-privacy';
import type { IncidentSnapshot } from './changes/record-incident-change';
import type { StoredDraft } from './drafts/drafts.queries';

/*
 * Private person fields (PRIVATE_PERSON_FIELDS: date of birth, gender, address, phones, email)
 * reach only users with PRIVACY_INFO_VIEW, in every answer; this file (on `parties/person-privacy.ts`) masks
 * them and that keeps the stored values when such a user saves a card they saw masked. The rule
 * for form cards (drafts, POST /incidents/persons; docs/architecture.md §8): a card is protected
 * when it names a register person (personId set) or comes from the saved incident; a brand-new
 * card the user is typing (personId null, not on the incident) is their own input and stays
 * visible. Protected cards are answered blanked with privateHidden true, and on save their
 * private fields are taken from what is stored, whatever the request carries.
 */

/** The card as stored: without the answer-only privateHidden flag. */
function withoutFlag(card: Person): Person {
  const { privateHidden: _hidden, ...stored } = card;
  return stored;
}

/**
 * A person card as the viewer receives it. Without PRIVACY_INFO_VIEW the private fields are not
 * sent at all (null), so the masked values never reach the browser.
 */
export function personForViewer(card: Person, showPrivate: boolean, pictureUrl: string | null): PersonView {
  const view: PersonView = { ...card, personPictureSasKey: pictureUrl, privateHidden: !showPrivate };
  if (showPrivate) return view;
  for (const field of PRIVATE_PERSON_FIELDS) view[field] = null;
  return view;
}

export type MaskedSnapshot = Omit<IncidentSnapshot, 'persons'> & {
  persons: (Person & { privateHidden: boolean })[];
};

/** A history snapshot for the user: private person fields blanked without PRIVACY_INFO_VIEW. */
export function snapshotForViewer(snapshot: IncidentSnapshot, showPrivate: boolean): MaskedSnapshot {
  return {
    ...snapshot,
    persons: (snapshot.persons ?? []).map((person) =>
      showPrivate ? { ...person, privateHidden: false } : maskedCard(person),
    ),
  };
}

/** The private fields of stored card or register data (jsonb), each in the card's type. */
function privateFieldsOf(data: unknown): PrivateFields {
  const source = (typeof data === 'object' && data ? data : {}) as Record<string, unknown>;
  const picked = { ...BLANK } as Record<PrivatePersonField, string | null>;
  for (const field of PRIVATE_PERSON_FIELDS) {
    const value = source[field];
    if (typeof value === 'string') picked[field] = value;
  }
  return picked as PrivateFields;
}

/** The stored person cards of an incident by card id (RLS limits them to the company). */
async function incidentCards(
  tx: Tx,
  incidentId: string | null,
): Promise<Map<string, { personId: string | null; data: unknown }>> {
  if (!incidentId) return new Map();
  const rows = await tx
    .select({ id: incidentPersons.id, personId: incidentPersons.personId, data: incidentPersons.data })
    .from(incidentPersons)
    .where(eq(incidentPersons.incidentId, incidentId));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The register details of the persons named, by register id (the company's own only). */
async function registerData(tx: Tx, personIds: string[]): Promise<Map<string, unknown>> {
  if (personIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: parties.id, data: parties.data })
    .from(parties)
    .where(and(inArray(parties.id, personIds), eq(parties.personType, PERSON_TYPE.PERSON)));
  return new Map(rows.map((row) => [row.id, row.data]));
}

const isProtected = (card: Person, onIncident: ReadonlyMap<string, unknown>) =>
  card.personId !== null || onIncident.has(card.id);

/** A working copy as the user may see it: protected cards masked without PRIVACY_INFO_VIEW. */
export async function draftForUser(tx: Tx, principal: Principal, draft: StoredDraft): Promise<StoredDraft> {
  if (seesPrivateFields(principal)) return draft;
  const onIncident = await incidentCards(tx, draft.incidentId);
  const persons = (draft.data.persons ?? []) as Person[];
  return {
    ...draft,
    data: { ...draft.data, persons: persons.map((card) => (isProtected(card, onIncident) ? maskedCard(card) : card)) },
  };
}

/** Where kept values come from, first match wins: a stored card with the same id and person, then the register. */
type Source = ReadonlyMap<string, { personId: string | null; data: unknown }>;

async function keepPrivate(
  tx: Tx,
  principal: Principal,
  fields: IncidentFields,
  onIncident: Source,
  sources: Source[],
): Promise<IncidentFields> {
  const cards = fields.persons.map(withoutFlag);
  if (seesPrivateFields(principal)) return { ...fields, persons: cards };
  const named = [...new Set(cards.flatMap((card) => (card.personId ? [card.personId] : [])))];
  const register = await registerData(tx, named);
  const persons = cards.map((card) => {
    if (!isProtected(card, onIncident)) return card;
    const stored = sources.map((source) => source.get(card.id)).find((row) => row && row.personId === card.personId);
    const data = stored ? stored.data : card.personId ? register.get(card.personId) : undefined;
    return { ...card, ...privateFieldsOf(data) };
  });
  return { ...fields, persons };
}

/**
 * PUT /draftIncidents for a user without PRIVACY_INFO_VIEW: protected cards keep their private
 * fields from the stored draft's card (same card id and person), else the saved incident's card,
 * else the register entry; the blanks the user was sent never overwrite them.
 */
export async function keepPrivateOnDraftSave(
  tx: Tx,
  principal: Principal,
  draftId: string,
  fields: IncidentFields,
): Promise<IncidentFields> {
  // Autosave's hot path: without person cards there is nothing to keep (and no flag to strip).
  if (fields.persons.length === 0 || seesPrivateFields(principal)) {
    return keepPrivate(tx, principal, fields, new Map(), []);
  }
  const [draft] = await tx
    .select({ incidentId: draftIncidents.incidentId, data: draftIncidents.data })
    .from(draftIncidents)
    .where(and(eq(draftIncidents.id, draftId), eq(draftIncidents.userId, principal.userId)));
  const storedPersons = ((draft?.data as Partial<IncidentFields> | undefined)?.persons ?? []) as Person[];
  const inDraft: Source = new Map(storedPersons.map((card) => [card.id, { personId: card.personId, data: card }]));
  const onIncident = await incidentCards(tx, draft?.incidentId ?? null);
  return keepPrivate(tx, principal, fields, onIncident, [inDraft, onIncident]);
}

/**
 * POST /incidents and PUT /incidents for a user without PRIVACY_INFO_VIEW: protected cards keep
 * the incident's stored card's private fields (same card id and person), else the register's.
 */
export async function keepPrivateOnSubmit(
  tx: Tx,
  principal: Principal,
  fields: IncidentFields,
  incidentId: string | null,
): Promise<IncidentFields> {
  const onIncident = seesPrivateFields(principal) ? new Map() : await incidentCards(tx, incidentId);
  return keepPrivate(tx, principal, fields, onIncident, [onIncident]);
}
