import { LOOKUP_TYPE_NAMES, type LookupNode, type MultipleLookupType, maxLookupLevel, toCsv } from '@blotter/shared';
import type { Tx } from '../../db/client';
import { labelsOf, treeOf } from './lookup-admin.service';

/**
 * GET /lookupMultiples/export: one line per item in tree order, its path spread over one column
 * per level (the level labels as headers), and whether it is active.
 */
export async function lookupCsv(tx: Tx, type: MultipleLookupType): Promise<{ fileName: string; csv: string }> {
  const levels = maxLookupLevel(type);
  const labels = await labelsOf(tx, type);
  const headers = [...Array.from({ length: levels }, (_, i) => labels[i] || `Level ${i + 1}`), 'Active'];
  const rows: string[][] = [];
  const walk = (nodes: readonly LookupNode[], path: readonly string[]) => {
    for (const node of nodes) {
      const own = [...path, node.name];
      rows.push([...own, ...Array.from({ length: levels - own.length }, () => ''), node.active ? 'Yes' : 'No']);
      walk(node.children, own);
    }
  };
  walk(await treeOf(tx, type), []);
  return { fileName: `${LOOKUP_TYPE_NAMES[type]}.csv`, csv: toCsv(headers, rows) };
}
