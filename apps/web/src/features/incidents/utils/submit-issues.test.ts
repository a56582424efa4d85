import { emptyIncidentFields, incidentSubmitSchema } from '@blotter/shared/schemas/incident-form';
import { describe, expect, it } from 'vitest';
import { orderedIssues } from './submit-issues';

describe('orderedIssues', () => {
  it('lists issues in form order, whatever order validation found them in', () => {
    const issues = orderedIssues([
      { path: ['persons', 1, 'firstName'], message: "Person's first name is required" },
      { path: ['location', 'unit'], message: 'Unit must be at most 20 characters.' },
      { path: ['lastClassId'], message: "'What' is required" },
      { path: ['reportedDate'], message: "'When / Date reported' is required" },
    ]);
    expect(issues.map((issue) => issue.name)).toEqual([
      'reportedDate',
      'lastClassId',
      'location.unit',
      'persons.1.firstName',
    ]);
  });

  it('keeps the first message of a field', () => {
    const issues = orderedIssues([
      { path: ['occurredDate'], message: 'first' },
      { path: ['occurredDate'], message: 'second' },
    ]);
    expect(issues).toEqual([{ name: 'occurredDate', message: 'first' }]);
  });

  it('starts with the When rules for an empty form (the shared submit schema)', () => {
    const result = incidentSubmitSchema.safeParse({
      ...emptyIncidentFields(),
      location: { ...emptyIncidentFields().location, unit: 'x'.repeat(21) },
    });
    expect(result.success).toBe(false);
    const issues = orderedIssues(result.error?.issues ?? []);
    expect(issues[0]).toEqual({ name: 'reportedDate', message: "'When / Date reported' is required" });
    expect(issues.map((issue) => issue.name)).toEqual(['reportedDate', 'occurredDate', 'lastClassId', 'location.unit']);
  });
});
