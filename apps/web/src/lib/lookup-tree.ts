import type { LookupNode } from '@blotter/shared/schemas/lookups';

/** The tree without inactive nodes (an inactive node hides its whole branch). */
export function activeTree(nodes: readonly LookupNode[]): LookupNode[] {
  return nodes.filter((node) => node.active).map((node) => ({ ...node, children: activeTree(node.children) }));
}

/** Ids of the ancestors of a node, so the tree can open on the current choice. */
export function ancestorIds(nodes: readonly LookupNode[], id: string): string[] {
  for (const node of nodes) {
    if (node.id === id) return [];
    const below = ancestorIds(node.children, id);
    if (below.length > 0 || node.children.some((child) => child.id === id)) return [node.id, ...below];
  }
  return [];
}

/** The active entries of a single-level lookup as select options, in their order. */
export function activeOptions(lookups: readonly { id: string; name: string; active: boolean }[]) {
  return lookups.filter((lookup) => lookup.active).map((lookup) => ({ value: lookup.id, label: lookup.name }));
}
