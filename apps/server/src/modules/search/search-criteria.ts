import {
  type CriterionOf,
  type LogicalOperation,
  SEARCH_KINDS,
  type SearchCriteria,
  type SearchKind,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { banActiveSql } from '../subjects/subject-sql';
import { dateCondition, type SearchClock } from './search-dates';
import { cardMatches, partyFlags } from './search-documents';
import { textContains } from './search-text';

const all = (conditions: SQL[]) => (conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `));

/**
 * The search reads the view search_incidents (incident_search, src/db/sql/search: one row per
 * incident with its searchable columns and one document per kind of card), the company's lookups
 * and users through search_lookups and search_users, never a table under row-level security.
 */
const CARD_CONDITIONS = {
  person: (c: CriterionOf<'person'>) =>
    cardMatches(sql`i.persons`, 'persons', c, partyFlags('employee', c.isEmployee, c.relations)),
  company: (c: CriterionOf<'company'>) =>
    cardMatches(sql`i.companies`, 'companies', c, partyFlags('owner', c.isOwner, c.relations)),
  vehicle: (c: CriterionOf<'vehicle'>) => cardMatches(sql`i.vehicles`, 'vehicles', c),
  item: (c: CriterionOf<'item'>) => cardMatches(sql`i.items`, 'items', c),
  // The name asked for is the attachment's name or its file's (one field: 'name file_name').
  attachment: (c: CriterionOf<'attachment'>) => cardMatches(sql`i.attachments`, 'attachments', c),
} as const;
type CardKind = keyof typeof CARD_CONDITIONS;
const isCardKind = (kind: SearchKind): kind is CardKind => kind in CARD_CONDITIONS;

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
  // By the id's canonical (lower-case) text, as the database answers it (resolveSubtrees).
  const resolved = subtrees.get(lookupId.toLowerCase());
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
      .map((c) => ({ id: c.lookupId.toLowerCase(), type: 'incidentClass' })),
    ...(criteria.location?.values ?? [])
      .filter((c) => c.includeDescendant)
      .map((c) => ({ id: c.lookupId.toLowerCase(), type: 'location' })),
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
  kind: Exclude<SearchKind, CardKind>,
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
      const name = [...textContains(sql`u.first_name`, c.firstName), ...textContains(sql`u.last_name`, c.lastName)];
      // Not correlated with i: the company's users are read once.
      return sql`i.create_user_id in (select u.id from search_users u where ${all(name)})`;
    }
    case 'activeBan':
      return activeBanCondition(criterion as CriterionOf<'activeBan'>);
  }
}

/**
 * Issue 31: the incident names a subject (a person or legal entity of the register, a vehicle by
 * its key) with a ban in force today (the company's day, the subjects module's own rule), of the
 * type and subject kind asked for. Not correlated with i: the company's bans are few, so their
 * incidents are found once (along the parts' person and vehicle-key indexes) and matched by id, a
 * semi-join under AND and one hashed list under OR.
 */
function activeBanCondition(c: CriterionOf<'activeBan'>): SQL {
  const conditions = [
    banActiveSql(sql`b.today`),
    ...(c.banType === 'any' ? [] : [sql`b.ban_type = ${c.banType}`]),
    ...(c.subjectKind === 'any' ? [] : [sql`b.subject_kind = ${c.subjectKind}`]),
  ];
  return sql`i.id in (select b.incident_id from search_ban_incidents b where ${all(conditions)})`;
}

/** The incident's street address (spec 1 §3 Where); the state is given by its code, stored by its name. */
function addressCondition(c: CriterionOf<'address'>): SQL {
  const texts = { unit: c.unit, address: c.address, street: c.street, cityName: c.cityName };
  const conditions = [
    ...(c.cityId ? [sql`i.location_city_id = ${c.cityId}::uuid`] : []),
    // The address document is the incident's one 'card': unit, address, street, city.
    ...(Object.values(texts).some((text) => text.trim() !== '') ? [cardMatches(sql`i.address`, 'address', texts)] : []),
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

/** One criterion's condition on the incident `i` (null: it tests nothing). */
function criterionCondition(kind: SearchKind, criterion: unknown, clock: SearchClock, subtrees: Subtrees): SQL | null {
  if (isCardKind(kind)) return (CARD_CONDITIONS[kind] as (c: unknown) => SQL)(criterion);
  return rowCondition(kind, criterion, clock, subtrees);
}

/**
 * One group's condition: its criteria joined by its operation; null when none tests anything. For
 * cards, AND lets different cards meet different criteria, OR any card one of them.
 */
function groupCondition(
  kind: SearchKind,
  operation: LogicalOperation,
  values: readonly unknown[],
  clock: SearchClock,
  subtrees: Subtrees,
): SQL | null {
  const conditions = values
    .map((value) => criterionCondition(kind, value, clock, subtrees))
    .filter((condition): condition is SQL => condition !== null);
  if (conditions.length === 0) return null;
  return sql`(${sql.join(conditions, operation === 'OR' ? sql` or ` : sql` and `)})`;
}

/** The conditions of the criteria over the incident `i` (search_incidents): groups joined by AND (spec 2 §3). */
export function criteriaConditions(
  criteria: SearchCriteria,
  clock: SearchClock,
  subtrees: Subtrees = new Map(),
): SQL[] {
  return SEARCH_KINDS.flatMap((kind) => {
    const group = criteria[kind];
    if (!group) return [];
    const condition = groupCondition(kind, group.logicalOperation, group.values, clock, subtrees);
    return condition ? [condition] : [];
  });
}
