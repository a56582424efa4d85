import {
  type CriterionOf,
  type LogicalOperation,
  SEARCH_KINDS,
  type SearchCriteria,
  type SearchCriteriaInput,
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

/**
 * The same criteria: every group with the same operation (OR when left out, as the schema reads it)
 * and the same criteria in the same order (a criterion removed and added again is a new one, with a
 * new id).
 */
export function sameCriteria(a: SearchCriteriaInput, b: SearchCriteriaInput): boolean {
  if (a === b) return true;
  // Only the groups' operations may be left out of an input: they are compared with their default.
  const groupsA = criteriaGroups(a as SearchCriteria);
  const groupsB = criteriaGroups(b as SearchCriteria);
  return (
    groupsA.length === groupsB.length &&
    groupsA.every((group, n) => {
      const other = groupsB[n];
      return (
        other !== undefined &&
        other.kind === group.kind &&
        (other.logicalOperation ?? 'OR') === (group.logicalOperation ?? 'OR') &&
        other.values.length === group.values.length &&
        group.values.every((value, k) => JSON.stringify(value) === JSON.stringify(other.values[k]))
      );
    })
  );
}
