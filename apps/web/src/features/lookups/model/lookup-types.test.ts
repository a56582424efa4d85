import { describe, expect, it } from 'vitest';
import { canHaveChild, isTreeType, LOOKUP_TYPE_OPTIONS } from './lookup-types';

describe('lookup types of the Lookups card', () => {
  it('lists the nine administered types sorted by name', () => {
    const labels = LOOKUP_TYPE_OPTIONS.map((option) => option.label);
    expect(labels).toHaveLength(9);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    expect(LOOKUP_TYPE_OPTIONS.map((option) => option.value)).not.toContain('genderType');
  });

  it('offers a child only above the last level of a tree type', () => {
    expect([canHaveChild('incidentClass', 3), canHaveChild('incidentClass', 4)]).toEqual([true, false]);
    expect([canHaveChild('location', 4), canHaveChild('location', 5)]).toEqual([true, false]);
    expect([canHaveChild('incidentCause', 1), canHaveChild('incidentCause', 2)]).toEqual([true, false]);
    expect(canHaveChild('department', 1)).toBe(false);
    expect(isTreeType('severityType')).toBe(false);
  });
});
