import { describe, expect, it } from 'vitest';
import { firstErrorMessage } from './first-error';

describe('firstErrorMessage', () => {
  const order = ['reportedDate', 'occurredDate', 'lastClassId', 'summary'];

  it('follows the form order, not the order the errors were found in', () => {
    const errors = {
      lastClassId: { type: 'custom', message: "'What' is required" },
      occurredDate: { type: 'custom', message: "'When / Date occurred' is required" },
    };
    expect(firstErrorMessage(errors, order)).toBe("'When / Date occurred' is required");
  });

  it('falls back to fields outside the order, and to undefined', () => {
    expect(firstErrorMessage({ other: { type: 'x', message: 'Other' } }, order)).toBe('Other');
    expect(firstErrorMessage({}, order)).toBeUndefined();
  });
});
