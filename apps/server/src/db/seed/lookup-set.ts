import type { MultipleLookupType, SingleLookupType } from '@blotter/shared';
import type { Tx } from '../client';
import { lookupLabels, lookups } from '../schema/index';
import type { SeedNode } from './data/demo-lookups';

/** The lookup lists a company starts with: level labels, trees and flat lists. */
export interface LookupSet {
  labels: Record<MultipleLookupType, readonly string[]>;
  trees: Record<MultipleLookupType, readonly SeedNode[]>;
  lists: Record<SingleLookupType, readonly string[]>;
  /** Behaviour codes of single lookups, by type and name (e.g. the corrective action 'Referred'). */
  codes?: Partial<Record<SingleLookupType, Record<string, string>>>;
}

/** Inserts a lookup tree level by level, parents before children. */
async function insertTree(tx: Tx, accountId: string, type: string, nodes: readonly SeedNode[]) {
  const walk = async (list: readonly SeedNode[], parentId: string | null, level: number) => {
    if (list.length === 0) return;
    const inserted = await tx
      .insert(lookups)
      .values(list.map((node, sortOrder) => ({ accountId, type, name: node.name, parentId, level, sortOrder })))
      .returning({ id: lookups.id });
    for (const [index, node] of list.entries()) {
      const row = inserted[index];
      if (row && node.children) await walk(node.children, row.id, level + 1);
    }
  };
  await walk(nodes, null, 1);
}

/** Gives a company a lookup set, in the caller's transaction. */
export async function insertLookupSet(tx: Tx, accountId: string, set: LookupSet) {
  for (const [type, labels] of Object.entries(set.labels)) {
    await tx.insert(lookupLabels).values(labels.map((label, i) => ({ accountId, type, level: i + 1, label })));
  }
  for (const [type, tree] of Object.entries(set.trees)) {
    await insertTree(tx, accountId, type, tree);
  }
  for (const [type, names] of Object.entries(set.lists)) {
    if (names.length === 0) continue;
    const codes: Record<string, string> = set.codes?.[type as SingleLookupType] ?? {};
    await tx
      .insert(lookups)
      .values(
        names.map((name, sortOrder) => ({ accountId, type, name, sortOrder, level: 1, code: codes[name] ?? '' })),
      );
  }
}
