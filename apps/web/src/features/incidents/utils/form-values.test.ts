import { emptyIncidentFields } from '@blotter/shared/schemas/incident-form';
import { describe, expect, it } from 'vitest';
import { formValuesOf } from './form-values';

const now = new Date('2024-05-01T10:00:00.000Z');

describe('formValuesOf', () => {
  it('completes partial data with the schema defaults', () => {
    const values = formValuesOf({ status: 3, data: { summary: '<p>x</p>' } }, now);
    expect(values.summary).toBe('<p>x</p>');
    expect(values.persons).toEqual([]);
    expect(values.location.countryCode).toBe('CA');
    expect(values.reportedDate).toBeNull();
  });

  it('reports a new draft now, but keeps a reported date already chosen', () => {
    expect(formValuesOf({ status: 0, data: {} }, now).reportedDate).toBe(now.toISOString());
    const chosen = '2024-04-30T08:00:00.000Z';
    expect(formValuesOf({ status: 0, data: { reportedDate: chosen } }, now).reportedDate).toBe(chosen);
  });

  it('keeps data that breaks a field rule rather than losing it', () => {
    const tooLong = 'x'.repeat(30);
    const values = formValuesOf(
      { status: 0, data: { ...emptyIncidentFields(), location: { ...emptyIncidentFields().location, unit: tooLong } } },
      now,
    );
    expect(values.location.unit).toBe(tooLong);
  });
});
