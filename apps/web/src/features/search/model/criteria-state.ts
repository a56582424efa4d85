import {
  type CriterionOf,
  type LogicalOperation,
  SEARCH_KINDS,
  type SearchCriteria,
  type SearchKind,
} from '@blotter/shared/schemas/search';

/** A criterion of any kind (every one has its generated id). */
export type AnyCriterion = CriterionOf<SearchKind>;

/** One group of the criteria list: its kind, how its criteria are joined and the criteria. */
export interface CriteriaGroup {
  kind: SearchKind;
  logicalOperation: LogicalOperation;
  values: readonly AnyCriterion[];
}

type Group = { logicalOperation: LogicalOperation; values: AnyCriterion[] };

function groupOf(criteria: SearchCriteria, kind: SearchKind): Group | undefined {
  return criteria[kind] as Group | undefined;
}

function withGroup(criteria: SearchCriteria, kind: SearchKind, group: Group | undefined): SearchCriteria {
  const next: Record<string, unknown> = { ...criteria };
  if (group && group.values.length > 0) next[kind] = group;
  else delete next[kind];
  return next as SearchCriteria;
}

/** The criteria with `values` added to the group of `kind` (a new group joins by OR, spec 2 §9). */
export function addCriteria<K extends SearchKind>(
  criteria: SearchCriteria,
  kind: K,
  values: readonly CriterionOf<K>[],
): SearchCriteria {
  if (values.length === 0) return criteria;
  const group = groupOf(criteria, kind);
  return withGroup(criteria, kind, {
    logicalOperation: group?.logicalOperation ?? 'OR',
    values: [...(group?.values ?? []), ...values],
  });
}

/** The criteria without the criterion `id` of `kind`; a group left empty goes. */
export function removeCriterion(criteria: SearchCriteria, kind: SearchKind, id: string): SearchCriteria {
  const group = groupOf(criteria, kind);
  if (!group) return criteria;
  return withGroup(criteria, kind, { ...group, values: group.values.filter((value) => value.id !== id) });
}

/** The criteria with the group of `kind` joined by `operation`. */
export function setGroupOperation(
  criteria: SearchCriteria,
  kind: SearchKind,
  operation: LogicalOperation,
): SearchCriteria {
  const group = groupOf(criteria, kind);
  if (!group) return criteria;
  return withGroup(criteria, kind, { ...group, logicalOperation: operation });
}

/** The groups holding criteria, in the order of the search types. */
export function criteriaGroups(criteria: SearchCriteria): CriteriaGroup[] {
  const groups: CriteriaGroup[] = [];
  for (const kind of SEARCH_KINDS) {
    const group = groupOf(criteria, kind);
    if (group && group.values.length > 0) groups.push({ kind, ...group });
  }
  return groups;
}
