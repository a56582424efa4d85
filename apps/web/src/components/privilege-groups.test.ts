import { PRIVILEGES } from '@blotter/shared/privileges';
import { describe, expect, it } from 'vitest';
import { PRIVILEGE_GROUPS } from './privilege-groups';

describe('PRIVILEGE_GROUPS', () => {
  it('shows every one of the 36 privileges exactly once, each with its own label', () => {
    const codes = PRIVILEGE_GROUPS.flatMap((group) => group.items.map((item) => item.code));
    expect(codes).toHaveLength(36);
    expect([...codes].sort()).toEqual([...PRIVILEGES].sort());
    const labels = PRIVILEGE_GROUPS.flatMap((group) => group.items.map((item) => item.label));
    expect(new Set(labels).size).toBe(labels.length);
  });
});
