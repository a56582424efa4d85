import type { ImportMapping, ImportValue, ImportValueTarget } from '@blotter/shared/schemas/imports';
import type { LookupNode } from '@blotter/shared/schemas/lookups';

/** An existing lookup item a value can map to, named by its path ('Security > Theft'). */
export interface LookupChoice {
  id: string;
  path: string;
}

/** The active items of a tree (or a flat list) by path, parents before their children. */
export function lookupChoices(nodes: readonly LookupNode[] | undefined, parent = ''): LookupChoice[] {
  if (!nodes) return [];
  return nodes
    .filter((node) => node.active)
    .flatMap((node) => {
      const path = parent ? `${parent} > ${node.name}` : node.name;
      return [{ id: node.id, path }, ...lookupChoices(node.children, path)];
    });
}

/** What a value maps to now: the user's choice, else the server's target, else its match. */
export function currentTarget(value: ImportValue, chosen: ImportMapping['values']): ImportValueTarget | null {
  const mine = chosen[value.lookupType]?.[value.value];
  if (mine) return mine;
  if (value.target) return value.target;
  return value.match ? { action: 'existing', lookupId: value.match.lookupId } : null;
}

/** The choices with one value's target set. */
export function withTarget(
  chosen: ImportMapping['values'],
  value: Pick<ImportValue, 'lookupType' | 'value'>,
  target: ImportValueTarget,
): ImportMapping['values'] {
  return { ...chosen, [value.lookupType]: { ...chosen[value.lookupType], [value.value]: target } };
}

/** 'Create all missing': every value without a match and without a choice is created. */
export function createAllMissing(values: readonly ImportValue[], chosen: ImportMapping['values']) {
  let next = chosen;
  for (const value of values) {
    if (!value.match && !currentTarget(value, next)) next = withTarget(next, value, { action: 'create' });
  }
  return next;
}

/** Every value's target, as PUT /mapping takes them (the matched ones too, so nothing is left to a guess). */
export function valuesToSave(values: readonly ImportValue[], chosen: ImportMapping['values']): ImportMapping['values'] {
  let saved: ImportMapping['values'] = {};
  for (const value of values) {
    const target = currentTarget(value, chosen);
    if (target) saved = withTarget(saved, value, target);
  }
  return saved;
}

/** The values grouped by their field, in the order the server lists them. */
export function groupByField(
  values: readonly ImportValue[],
): { lookupType: string; label: string; values: ImportValue[] }[] {
  const groups = new Map<string, { lookupType: string; label: string; values: ImportValue[] }>();
  for (const value of values) {
    const key = `${value.lookupType}\u0000${value.label}`;
    const group = groups.get(key) ?? { lookupType: value.lookupType, label: value.label, values: [] };
    group.values.push(value);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The items of a lookup type from the company's initial data: a tree, or a flat list. */
export function choicesOfType(
  data:
    | {
        multipleLookups: Record<string, LookupNode[]>;
        singleLookups: Record<string, { id: string; name: string; active: boolean }[]>;
      }
    | undefined,
  lookupType: string,
): LookupChoice[] {
  if (!data) return [];
  const tree = data.multipleLookups[lookupType];
  if (tree) return lookupChoices(tree);
  return (data.singleLookups[lookupType] ?? [])
    .filter((item) => item.active)
    .map((item) => ({ id: item.id, path: item.name }));
}
