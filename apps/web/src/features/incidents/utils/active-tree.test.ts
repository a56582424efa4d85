import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { describe, expect, it } from 'vitest';
import { activeTree, ancestorIds } from './active-tree';

const node = (id: string, active: boolean, children: LookupNode[] = []): LookupNode => ({
  id,
  type: 'incidentClass',
  name: id,
  active,
  parentId: null,
  level: 1,
  parentPath: '',
  label: '',
  addressId: null,
  children,
});

const tree = [
  node('security', true, [node('theft', true, [node('shoplifting', true)]), node('old', false)]),
  node('gone', false),
];

describe('activeTree', () => {
  it('drops inactive nodes with their branches', () => {
    const result = activeTree(tree);
    expect(result.map((n) => n.id)).toEqual(['security']);
    expect(result[0]?.children.map((n) => n.id)).toEqual(['theft']);
  });
});

describe('ancestorIds', () => {
  it('lists the nodes above the chosen one', () => {
    expect(ancestorIds(tree, 'shoplifting')).toEqual(['security', 'theft']);
    expect(ancestorIds(tree, 'theft')).toEqual(['security']);
    expect(ancestorIds(tree, 'security')).toEqual([]);
    expect(ancestorIds(tree, 'missing')).toEqual([]);
  });
});
