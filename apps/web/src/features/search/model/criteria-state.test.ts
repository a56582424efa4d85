import { hasCriteria, hasDatePeriod, type SearchCriteria } from '@blotter/shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { addCriteria, criteriaGroups, removeCriterion, sameCriteria, setGroupOperation } from './criteria-state';

const status = (id: string, value: 1 | 2) => ({ id, status: value });

describe('criteria state', () => {
  it('adds to a group joined by OR, keeps the group order of the search types, and removes', () => {
    let criteria: SearchCriteria = {};
    criteria = addCriteria(criteria, 'status', [status('a', 1), status('b', 2)]);
    criteria = addCriteria(criteria, 'incidentNumber', [{ id: 'n', number: 7 }]);
    expect(criteriaGroups(criteria).map((group) => [group.kind, group.logicalOperation, group.values.length])).toEqual([
      ['incidentNumber', 'OR', 1],
      ['status', 'OR', 2],
    ]);
    expect(hasDatePeriod(criteria)).toBe(true);

    criteria = setGroupOperation(criteria, 'status', 'AND');
    criteria = addCriteria(criteria, 'status', [status('c', 1)]);
    expect(criteria.status?.logicalOperation).toBe('AND');
    expect(criteria.status?.values.map((value) => value.id)).toEqual(['a', 'b', 'c']);

    criteria = removeCriterion(criteria, 'incidentNumber', 'n');
    expect(criteria.incidentNumber).toBeUndefined();
    expect(hasDatePeriod(criteria)).toBe(false);
    expect(hasCriteria(criteria)).toBe(true);
  });

  it('adds nothing for an empty list', () => {
    const criteria: SearchCriteria = {};
    expect(addCriteria(criteria, 'status', [])).toBe(criteria);
  });

  it('tells when the criteria of a run are no longer those on screen', () => {
    const run: SearchCriteria = addCriteria({}, 'status', [status('a', 1)]);
    expect(sameCriteria(run, run)).toBe(true);
    const added = addCriteria(run, 'incidentNumber', [{ id: 'n', number: 7 }]);
    expect(sameCriteria(run, added)).toBe(false);
    expect(sameCriteria(run, removeCriterion(added, 'incidentNumber', 'n'))).toBe(true);
    const and = setGroupOperation(run, 'status', 'AND');
    expect(sameCriteria(run, and)).toBe(false);
    expect(sameCriteria(run, setGroupOperation(and, 'status', 'OR'))).toBe(true);
    // Added again: a new criterion (a new id), so the results are of other criteria.
    expect(sameCriteria(run, addCriteria({}, 'status', [status('b', 1)]))).toBe(false);
    // An input leaving the operation out reads as OR.
    expect(sameCriteria({ status: { values: [status('a', 1)] } }, run)).toBe(true);
  });
});
