import { describe, expect, it } from 'vitest';
import { defaultAuditRange, rangeProblem } from './audit-dates';

describe('audit dates', () => {
  it('defaults to one month back to today', () => {
    expect(defaultAuditRange(new Date(2026, 4, 15))).toEqual({ fromDate: '2026-04-15', toDate: '2026-05-15' });
    expect(defaultAuditRange(new Date(2026, 2, 31))).toEqual({ fromDate: '2026-02-28', toDate: '2026-03-31' });
    expect(defaultAuditRange(new Date(2026, 0, 10))).toEqual({ fromDate: '2025-12-10', toDate: '2026-01-10' });
  });

  it('refuses future dates and a from date after the to date', () => {
    const now = new Date(2026, 4, 15, 12);
    expect(rangeProblem({ fromDate: '2026-05-01', toDate: '2026-05-15' }, now)).toBeNull();
    expect(rangeProblem({ fromDate: '2026-05-01', toDate: '2026-05-16' }, now)).toBe(
      'Audit dates cannot be in the future.',
    );
    expect(rangeProblem({ fromDate: '2026-05-10', toDate: '2026-05-01' }, now)).toBe(
      'The from date cannot be later than the to date.',
    );
    expect(rangeProblem({ fromDate: '', toDate: '2026-05-01' }, now)).toBe('Please enter the from and to dates.');
  });
});
