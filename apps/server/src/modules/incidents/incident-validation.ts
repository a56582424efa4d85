import { type IncidentFields, PART_MESSAGES, REFERRED, USER_STATUS } from '@blotter/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cities, lookups, users } from '../../db/schema/index';
import { badRequest } from '../../plugins/errors';

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

/**
 * The checks of a submit that need the database (spec 1 §5 names the form rules; these keep the
 * references inside the company): lookups of the right type, an active investigator, known cities.
 * Answers the fields with each corrective action's displayType taken from its type, so a client
 * cannot skip the referral contact of a REFERRED type.
 */
export async function validateReferences(tx: Tx, fields: IncidentFields): Promise<IncidentFields> {
  checkCardIds(fields);
  if (fields.assignedUserId) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, fields.assignedUserId), eq(users.status, USER_STATUS.ACTIVE)));
    if (found.length === 0) throw badRequest('The selected investigator is not an active user of the company.');
  }

  const refs = lookupRefs(fields);
  const ids = [...new Set(refs.map((ref) => ref.id.toLowerCase()))];
  // Row-level security limits this to the company's own lookups.
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select({ id: lookups.id, type: lookups.type, code: lookups.code })
          .from(lookups)
          .where(inArray(lookups.id, ids));
  // The database answers ids in lower case; the id pattern accepts either case.
  const byId = new Map(rows.map((row) => [row.id.toLowerCase(), row]));
  const missing = refs.find((ref) => byId.get(ref.id.toLowerCase())?.type !== ref.type);
  if (missing) throw badRequest(missing.message);

  const cityList = cityRefs(fields);
  if (cityList.length > 0) {
    const known = await tx
      .select({ id: cities.id })
      .from(cities)
      .where(inArray(cities.id, [...new Set(cityList.map((ref) => ref.id.toLowerCase()))]));
    const knownIds = new Set(known.map((row) => row.id.toLowerCase()));
    const unknown = cityList.find((ref) => !knownIds.has(ref.id.toLowerCase()));
    if (unknown) throw badRequest(unknown.message);
  }

  const correctiveActions = fields.correctiveActions.map((action) => {
    const code = action.typeId ? byId.get(action.typeId.toLowerCase())?.code : undefined;
    return { ...action, displayType: code === REFERRED ? REFERRED : '' };
  });
  const unnamed = correctiveActions.find((a) => a.displayType === REFERRED && !a.referredContactFirstName.trim());
  if (unnamed) throw badRequest(PART_MESSAGES.contactFirstNameRequired);
  return { ...fields, correctiveActions };
}
