import {
  type CriterionOf,
  type LogicalOperation,
  type PartyRelation,
  SEARCH_KINDS,
  type SearchCriteria,
  type SearchKind,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dateCondition, type SearchClock } from './search-dates';
import { SEARCH_TEXT, textMatches } from './search-text';

/** The card flag of each relation (spec 1 §3 person and legal entity cards). */
const RELATION_FLAGS: Record<PartyRelation, string> = {
  REPORTER: 'relationReporter',
  VICTIM: 'relationVictim',
  PERSON_OF_INTEREST: 'relationPersonOfInterest',
  SUSPECT: 'relationSuspect',
  WITNESS: 'relationWitness',
  SUBJECT: 'relationSubject',
};

/** Any of the relations is ticked on the card `p` (a legal entity has no suspect flag: never true). */
function relationsOf(relations: readonly PartyRelation[]): SQL[] {
  if (relations.length === 0) return [];
  const flags = relations.map((relation) => sql`coalesce((p.data->>${RELATION_FLAGS[relation]})::boolean, false)`);
  return [sql`(${sql.join(flags, sql` or `)})`];
}

const all = (conditions: SQL[]) => (conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `));
const column = (name: string) => sql.raw(`p.${name}`);

/**
 * The search reads the search_* views of migration 0012 (the company's rows, no row-level security
 * in the way of the trigram and date indexes), never the tables.
 *
 * A criterion about an incident's cards: the conditions on a card `p` of `table`. An incident
 * matches when one of its cards meets them all (for 'has person' alone, when it has a card).
 */
interface PartCriterion {
  table: SQL;
  /** Only attachments of saved incidents (not of working copies). */
  where?: SQL;
  conditions: SQL[];
}

function personPart(c: CriterionOf<'person'>): PartCriterion {
  return {
    table: sql.raw('search_incident_persons'),
    conditions: [
      ...textMatches(SEARCH_TEXT.person, column('first_name'), c.firstName),
      ...textMatches(SEARCH_TEXT.person, column('middle_name'), c.middleName),
      ...textMatches(SEARCH_TEXT.person, column('last_name'), c.lastName),
      ...(c.isEmployee ? [sql`p.is_employee`] : []),
      ...relationsOf(c.relations),
    ],
  };
}

function companyPart(c: CriterionOf<'company'>): PartCriterion {
  return {
    table: sql.raw('search_incident_companies'),
    conditions: [
      ...textMatches(SEARCH_TEXT.company, column('name'), c.name),
      ...(c.isOwner ? [sql`p.is_owner`] : []),
      ...relationsOf(c.relations),
    ],
  };
}

function vehiclePart(c: CriterionOf<'vehicle'>): PartCriterion {
  const text = SEARCH_TEXT.vehicle;
  return {
    table: sql.raw('search_incident_vehicles'),
    conditions: [
      ...textMatches(text, column('license_plate'), c.licensePlate),
      ...textMatches(text, sql`coalesce(p.data->>'stateProvince', '')`, c.stateProvince),
      ...textMatches(text, column('maker'), c.maker),
      ...textMatches(text, column('model'), c.model),
      ...textMatches(text, column('color'), c.color),
    ],
  };
}

function itemPart(c: CriterionOf<'item'>): PartCriterion {
  const text = SEARCH_TEXT.item;
  return {
    table: sql.raw('search_incident_items'),
    conditions: [
      ...textMatches(text, column('name'), c.name),
      ...textMatches(text, column('brand'), c.brand),
      ...textMatches(text, sql`coalesce(p.data->>'model', '')`, c.model),
      ...textMatches(text, sql`coalesce(p.data->>'color', '')`, c.color),
      ...textMatches(text, column('serial_number'), c.serialNumber),
    ],
  };
}

function attachmentPart(c: CriterionOf<'attachment'>): PartCriterion {
  // The name asked for is the attachment's name or its file's.
  return {
    table: sql.raw('search_attachments'),
    where: sql`p.incident_id is not null`,
    conditions: textMatches(SEARCH_TEXT.attachment, SEARCH_TEXT.attachment, c.name).slice(0, 1),
  };
}

const PART_KINDS = {
  person: personPart,
  company: companyPart,
  vehicle: vehiclePart,
  item: itemPart,
  attachment: attachmentPart,
} as const;
type PartKind = keyof typeof PART_KINDS;
const isPartKind = (kind: SearchKind): kind is PartKind => kind in PART_KINDS;

/**
 * How a card criterion is asked. 'join': the incidents with such a card, as a set (a semi-join the
 * planner may read from the trigram index first: for counting and for few matches). 'probe': for
 * each incident in turn, whether it has such a card (a correlated EXISTS that OFFSET 0 keeps from
 * being turned into a join), for walking the incidents newest first when matches are dense.
 */
export type PartMode = 'join' | 'probe';

/** The incidents of which one card meets one of `parts` (all of the same table). */
function incidentsWithPart(parts: PartCriterion[], mode: PartMode): SQL {
  const [first] = parts;
  if (!first) return sql`false`;
  const any = sql.join(
    parts.map((part) => sql`(${all(part.conditions)})`),
    sql` or `,
  );
  const where = first.where ? sql`${first.where} and ` : sql``;
  return mode === 'join'
    ? sql`i.id in (select p.incident_id from ${first.table} p where ${where}(${any}))`
    : sql`exists (select 1 from ${first.table} p where p.incident_id = i.id and ${where}(${any}) offset 0)`;
}

/** Class and location nodes with every node under them, by the chosen node's id (resolveSubtrees). */
export type Subtrees = ReadonlyMap<string, readonly string[]>;

/**
 * A class or location node and, unless includeDescendant is off, every node under it (the tenant's
 * own only). Given as a list when resolved beforehand, so the planner estimates the matches from the
 * column's statistics (a recursive query inside the statement is estimated at a guess: 4,330 rows
 * for a subtree holding 160,000 incidents, and the plan then read them all); else found in the statement.
 */
function lookupSubtree(type: string, lookupId: string, includeDescendant: boolean, subtrees: Subtrees): SQL {
  if (!includeDescendant) return sql`${lookupId}::uuid`;
  const resolved = subtrees.get(lookupId);
  if (resolved) return sql`any(${`{${resolved.join(',')}}`}::uuid[])`;
  return sql`any(array(with recursive tree(id) as (
      select l.id from search_lookups l where l.id = ${lookupId}::uuid and l.type = ${type}
      union all select l.id from search_lookups l join tree on l.parent_id = tree.id)
    select id from tree))`;
}

/** The ids of the class and location subtrees the criteria name (with includeDescendant), one query. */
export async function resolveSubtrees(tx: Executor, criteria: SearchCriteria): Promise<Subtrees> {
  const roots = [
    ...(criteria.class?.values ?? [])
      .filter((c) => c.includeDescendant)
      .map((c) => ({ id: c.lookupId, type: 'incidentClass' })),
    ...(criteria.location?.values ?? [])
      .filter((c) => c.includeDescendant)
      .map((c) => ({ id: c.lookupId, type: 'location' })),
  ];
  if (roots.length === 0) return new Map();
  const result = (await tx.execute(sql`with recursive tree(root, id) as (
      select l.id, l.id from search_lookups l
        join (values ${sql.join(
          roots.map((root) => sql`(${root.id}::uuid, ${root.type})`),
          sql`, `,
        )}) r(id, type) on l.id = r.id and l.type = r.type
      union all select tree.root, l.id from search_lookups l join tree on l.parent_id = tree.id)
    select root, array_agg(id) as ids from tree group by root`)) as unknown as {
    rows: { root: string; ids: string[] }[];
  };
  const subtrees = new Map<string, readonly string[]>(result.rows.map((row) => [row.root, row.ids]));
  // A node that is not the company's (or not of its type) finds nothing, as in the statement.
  for (const root of roots) if (!subtrees.has(root.id)) subtrees.set(root.id, ['00000000-0000-0000-0000-000000000000']);
  return subtrees;
}

/** The condition of one criterion on the incident `i` (null: it tests nothing). */
function rowCondition(
  kind: Exclude<SearchKind, PartKind>,
  criterion: unknown,
  clock: SearchClock,
  subtrees: Subtrees,
): SQL | null {
  switch (kind) {
    case 'incidentNumber':
      return sql`i.number = ${(criterion as CriterionOf<'incidentNumber'>).number}`;
    case 'dateReported':
      return dateCondition(sql`i.reported_date`, criterion as CriterionOf<'dateReported'>, clock);
    case 'dateOccurred':
      return dateCondition(sql`i.occurred_date`, criterion as CriterionOf<'dateOccurred'>, clock);
    case 'class': {
      const c = criterion as CriterionOf<'class'>;
      return sql`i.last_class_id = ${lookupSubtree('incidentClass', c.lookupId, c.includeDescendant, subtrees)}`;
    }
    case 'location': {
      const c = criterion as CriterionOf<'location'>;
      return sql`i.last_location_id = ${lookupSubtree('location', c.lookupId, c.includeDescendant, subtrees)}`;
    }
    case 'severity':
      return sql`i.severity_id = ${(criterion as CriterionOf<'severity'>).lookupId}::uuid`;
    case 'status':
      return sql`i.status = ${(criterion as CriterionOf<'status'>).status}`;
    case 'address':
      return addressCondition(criterion as CriterionOf<'address'>);
    case 'creator': {
      const c = criterion as CriterionOf<'creator'>;
      const name = [
        ...textMatches(sql`public.blotter_fold(u.first_name)`, sql`u.first_name`, c.firstName).slice(1),
        ...textMatches(sql`public.blotter_fold(u.last_name)`, sql`u.last_name`, c.lastName).slice(1),
      ];
      // Not correlated with i: the company's users are read once.
      return sql`i.create_user_id in (select u.id from search_users u where ${all(name)})`;
    }
  }
}

/** The incident's street address (spec 1 §3 Where); the state is given by its code, stored by its name. */
function addressCondition(c: CriterionOf<'address'>): SQL {
  const text = SEARCH_TEXT.address;
  const conditions = [
    ...(c.cityId ? [sql`i.location_city_id = ${c.cityId}::uuid`] : []),
    ...textMatches(text, sql`i.location_city_name`, c.cityName),
    ...textMatches(text, sql`i.location_street`, c.street),
    ...textMatches(text, sql`i.location_address`, c.address),
    ...textMatches(text, sql`i.location_unit`, c.unit),
    ...(c.countryCode ? [sql`i.location_country_code = ${c.countryCode.toUpperCase()}`] : []),
    ...(c.stateProvinceCode
      ? [
          // Not correlated with i, so the states are read once, not once per incident.
          sql`(i.location_country_code, i.location_state_name) in (select s.country_code, s.name from states s
            where s.code = ${c.stateProvinceCode.toUpperCase()})`,
        ]
      : []),
  ];
  return all(conditions);
}

/** One group's condition: its criteria joined by its operation; null when none tests anything. */
function groupCondition(
  kind: SearchKind,
  operation: LogicalOperation,
  values: readonly unknown[],
  clock: SearchClock,
  mode: PartMode,
  subtrees: Subtrees,
): SQL | null {
  if (isPartKind(kind)) {
    const parts = values.map((value) => (PART_KINDS[kind] as (c: unknown) => PartCriterion)(value));
    if (parts.length === 0) return null;
    // OR: one semi-join whose cards meet any criterion (the trigram indexes OR their bitmaps).
    // AND: one semi-join each, since different cards may meet different criteria.
    return operation === 'OR'
      ? incidentsWithPart(parts, mode)
      : sql.join(
          parts.map((part) => incidentsWithPart([part], mode)),
          sql` and `,
        );
  }
  const conditions = values
    .map((value) => rowCondition(kind, value, clock, subtrees))
    .filter((condition): condition is SQL => condition !== null);
  if (conditions.length === 0) return null;
  return sql`(${sql.join(conditions, operation === 'OR' ? sql` or ` : sql` and `)})`;
}

/** The conditions of the criteria over the incident `i`: groups joined by AND (spec 2 §3). */
export function criteriaConditions(
  criteria: SearchCriteria,
  clock: SearchClock,
  mode: PartMode = 'join',
  subtrees: Subtrees = new Map(),
): SQL[] {
  return SEARCH_KINDS.flatMap((kind) => {
    const group = criteria[kind];
    if (!group) return [];
    const condition = groupCondition(kind, group.logicalOperation, group.values, clock, mode, subtrees);
    return condition ? [condition] : [];
  });
}
