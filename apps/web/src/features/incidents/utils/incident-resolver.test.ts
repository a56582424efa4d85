import { emptyIncidentFields, type IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { incidentResolver } from './incident-resolver';

const options: ResolverOptions<IncidentFieldsInput> = { fields: {}, shouldUseNativeValidation: false };

describe('incidentResolver', () => {
  it('checks the field rules only until Save was pressed, then the submit rules too', async () => {
    const attempt = { attempted: false };
    const resolve = incidentResolver(attempt);
    const values = { ...emptyIncidentFields(), reportedDate: new Date().toISOString() };
    const before = await resolve(values, undefined, options);
    expect(before.errors).toEqual({});
    attempt.attempted = true;
    const after = await resolve(values, undefined, options);
    expect(after.errors.occurredDate?.message).toBe("'When / Date occurred' is required");
    expect(after.errors.lastClassId?.message).toBe("'What' is required");
  });
});
