import { type IncidentFields, PART_MESSAGES, REFERRED, USER_STATUS } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import { cities, lookups, parties, users } from '../../db/schema/index';
import { badRequest } from '../../plugins/errors';
import { PERSON_TYPE } from '../parties/party-details';

/** One reference of the form to a lookup: where it is, which type it must be, and how to name it. */
interface LookupRef {
  id: string | null;
  type: string;
  message: string;
}

/** Every lookup the form points at, in form order (the first missing one is reported). */
function lookupRefs(fields: IncidentFields): (LookupRef & { id: string })[] {
  const refs: LookupRef[] = [
    { id: fields.lastClassId, type: 'incidentClass', message: 'The selected incident class does not exist.' },
    { id: fields.severityId, type: 'severityType', message: 'The selected severity does not exist.' },
    { id: fields.primaryCauseId, type: 'incidentCause', message: 'The selected root cause does not exist.' },
    { id: fields.location.lastLocationId, type: 'location', message: 'The selected location does not exist.' },
  ];
  fields.persons.forEach((p, i) => {
    const of = `of person ${i + 1} does not exist.`;
    refs.push(
      { id: p.lookupPersonTypeId, type: 'personType', message: `The person type ${of}` },
      { id: p.lookupDepartmentId, type: 'department', message: `The department ${of}` },
      { id: p.lookupGenderTypeId, type: 'genderType', message: `The gender ${of}` },
    );
  });
  fields.vehicles.forEach((v, i) => {
    refs.push({
      id: v.involvementId,
      type: 'vehicleInvolvement',
      message: `The involvement of vehicle ${i + 1} does not exist.`,
    });
  });
  fields.correctiveActions.forEach((a, i) => {
    const of = `of corrective action ${i + 1} does not exist.`;
    refs.push(
      { id: a.typeId, type: 'correctiveActionType', message: `The type ${of}` },
      { id: a.referredInternalDepartmentId, type: 'department', message: `The referred department ${of}` },
      { id: a.referredExternalAgencyId, type: 'referredAgency', message: `The referred agency ${of}` },
    );
  });
  return refs.filter((ref): ref is LookupRef & { id: string } => ref.id !== null);
}

/** Every city the form points at, in form order. */
function cityRefs(fields: IncidentFields): { id: string; message: string }[] {
  const refs = [{ id: fields.location.cityId, message: 'The city of the location does not exist.' }];
  fields.persons.forEach((p, i) => {
    refs.push({ id: p.cityId, message: `The city of person ${i + 1} does not exist.` });
  });
  fields.companies.forEach((c, i) => {
    refs.push({ id: c.cityId, message: `The city of legal entity ${i + 1} does not exist.` });
  });
  return refs.filter((ref): ref is { id: string; message: string } => ref.id !== null);
}

/**
 * Card ids are made by the browser and are the key of a part within its incident; owners and
 * involved persons point at person and legal-entity cards, so those two share one id space.
 */
function checkCardIds(fields: IncidentFields) {
  const lists: [string, { id: string }[]][] = [
    ['person or legal entity', [...fields.persons, ...fields.companies]],
    ['vehicle', fields.vehicles],
    ['item', fields.items],
    ['attachment', fields.attachments],
    ['corrective action', fields.correctiveActions],
  ];
  for (const [what, cards] of lists) {
    const ids = new Set(cards.map((card) => card.id.toLowerCase()));
    if (ids.size !== cards.length) throw badRequest(`Two cards of the same ${what} have the same id.`);
  }
}

/** Every register entry the form's cards name, with the type the card needs. */
interface PartyRef {
  id: string | null;
  personType: number;
  message: string;
}

function partyRefs(fields: IncidentFields): (PartyRef & { id: string })[] {
  const refs: PartyRef[] = [
    ...fields.persons.map((p, i) => ({
      id: p.personId,
      personType: PERSON_TYPE.PERSON,
      message: `Person ${i + 1} is not a person of the company's register.`,
    })),
    ...fields.companies.map((c, i) => ({
      id: c.personId,
      personType: PERSON_TYPE.LEGAL_ENTITY,
      message: `Legal entity ${i + 1} is not a legal entity of the company's register.`,
    })),
  ];
  return refs.filter((ref): ref is PartyRef & { id: string } => ref.id !== null);
}

/** What the database knows of the ids a form names, within the company (row-level security). */
interface KnownReferences {
  lookups: { id: string; type: string; code: string }[];
  users: { id: string; status: number }[];
  cities: string[];
  parties: { id: string; personType: number }[];
}

const idList = (ids: string[]) =>
  sql`(select value::uuid from json_array_elements_text(${JSON.stringify([...new Set(ids.map((id) => id.toLowerCase()))])}::json))`;

/**
 * Every lookup, investigator, city and register entry the form names, in one query (a draft's
 * autosave runs this on every save). Row-level security limits lookups, users and register
 * entries to the company's own, so another company's id is simply not found.
 */
async function knownReferences(tx: Tx, fields: IncidentFields): Promise<KnownReferences> {
  const lookupIds = lookupRefs(fields).map((ref) => ref.id);
  const cityIds = cityRefs(fields).map((ref) => ref.id);
  const partyIds = partyRefs(fields).map((ref) => ref.id);
  const userIds = fields.assignedUserId ? [fields.assignedUserId] : [];
  if (lookupIds.length + cityIds.length + partyIds.length + userIds.length === 0) {
    return { lookups: [], users: [], cities: [], parties: [] };
  }
  const none = sql`'[]'::json`;
  return jsonValue<KnownReferences>(
    tx,
    sql`select json_build_object(
      'lookups', ${
        lookupIds.length === 0
          ? none
          : sql`(select coalesce(json_agg(json_build_object('id', l.id, 'type', l.type, 'code', l.code)), '[]'::json)
              from ${lookups} l where l.id in ${idList(lookupIds)})`
      },
      'users', ${
        userIds.length === 0
          ? none
          : sql`(select coalesce(json_agg(json_build_object('id', u.id, 'status', u.status)), '[]'::json)
              from ${users} u where u.id in ${idList(userIds)})`
      },
      'cities', ${
        cityIds.length === 0
          ? none
          : sql`(select coalesce(json_agg(c.id), '[]'::json) from ${cities} c where c.id in ${idList(cityIds)})`
      },
      'parties', ${
        partyIds.length === 0
          ? none
          : sql`(select coalesce(json_agg(json_build_object('id', p.id, 'personType', p.person_type)), '[]'::json)
              from ${parties} p where p.id in ${idList(partyIds)})`
      }) as value`,
  );
}

/**
 * The first reference of the form that is not the company's own (or not of the right kind), as
 * the message to answer, in form order: investigator, lookups, cities, register entries. A draft
 * may name an investigator who has since been deactivated; a submit may not.
 */
function referenceIssue(fields: IncidentFields, known: KnownReferences, submit: boolean): string | undefined {
  const user = known.users.find((row) => row.id.toLowerCase() === fields.assignedUserId?.toLowerCase());
  if (fields.assignedUserId && (!user || (submit && user.status !== USER_STATUS.ACTIVE))) {
    return 'The selected investigator is not an active user of the company.';
  }
  // The database answers ids in lower case; the id pattern accepts either case.
  const lookupById = new Map(known.lookups.map((row) => [row.id.toLowerCase(), row]));
  const lookup = lookupRefs(fields).find((ref) => lookupById.get(ref.id.toLowerCase())?.type !== ref.type);
  if (lookup) return lookup.message;
  const cityIds = new Set(known.cities.map((id) => id.toLowerCase()));
  const city = cityRefs(fields).find((ref) => !cityIds.has(ref.id.toLowerCase()));
  if (city) return city.message;
  const partyById = new Map(known.parties.map((row) => [row.id.toLowerCase(), row.personType]));
  return partyRefs(fields).find((ref) => partyById.get(ref.id.toLowerCase()) !== ref.personType)?.message;
}

/**
 * PUT /draftIncidents: a draft may be incomplete, but every id it names must already be the
 * company's own, so another company's lookup, user or register entry never sits in a working
 * copy until submit. One query (none for a form without references).
 */
export async function validateDraftReferences(tx: Tx, fields: IncidentFields): Promise<void> {
  const issue = referenceIssue(fields, await knownReferences(tx, fields), false);
  if (issue) throw badRequest(issue);
}

/**
 * The checks of a submit that need the database (spec 1 §5 names the form rules; these keep the
 * references inside the company): lookups of the right type, an active investigator, known cities,
 * register entries of the company. Answers the fields with each corrective action's displayType
 * taken from its type, so a client cannot skip the referral contact of a REFERRED type.
 */
export async function validateReferences(tx: Tx, fields: IncidentFields): Promise<IncidentFields> {
  checkCardIds(fields);
  const known = await knownReferences(tx, fields);
  const issue = referenceIssue(fields, known, true);
  if (issue) throw badRequest(issue);
  const codeById = new Map(known.lookups.map((row) => [row.id.toLowerCase(), row.code]));
  const correctiveActions = fields.correctiveActions.map((action) => {
    const code = action.typeId ? codeById.get(action.typeId.toLowerCase()) : undefined;
    return { ...action, displayType: code === REFERRED ? REFERRED : '' };
  });
  const unnamed = correctiveActions.find((a) => a.displayType === REFERRED && !a.referredContactFirstName.trim());
  if (unnamed) throw badRequest(PART_MESSAGES.contactFirstNameRequired);
  return { ...fields, correctiveActions };
}
