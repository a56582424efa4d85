import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { describe, expect, it } from 'vitest';
import { activeOptions, activeTree, ancestorIds } from './lookup-tree';

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

describe('activeOptions', () => {
  it('offers the active entries only', () => {
    const lookups = [
      { id: 'a', name: 'Low', active: true },
      { id: 'b', name: 'Retired', active: false },
      { id: 'c', name: 'High', active: true },
    ];
    expect(activeOptions(lookups)).toEqual([
      { value: 'a', label: 'Low' },
      { value: 'c', label: 'High' },
    ]);
  });
});
