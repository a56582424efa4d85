import type { ChartPeriod } from '@blotter/shared/schemas/analysis';
import { chartPeriodSchema } from '@blotter/shared/schemas/analysis';
import { describe, expect, it } from 'vitest';
import { newPeriodDraft, periodFromDraft } from './period-draft';
import { periodLabel } from './period-label';

const DMY = 0;
const MDY = 1;

describe('periodLabel (spec 2 §5: a blank name gets a label built from the range)', () => {
  const range: ChartPeriod = { id: 'a', type: 'period', fromDate: '2026-03-01', toDate: '2026-03-31', periodName: '' };

  it('shows a date range in the company date format', () => {
    expect(periodLabel(range, DMY)).toBe('01/03/2026 – 31/03/2026');
    expect(periodLabel(range, MDY)).toBe('03/01/2026 – 03/31/2026');
  });

  it('reads last n days and last n months as words', () => {
    expect(periodLabel({ id: 'b', type: 'lastNDays', days: 90, periodName: '' }, DMY)).toBe('Last 90 days');
    expect(periodLabel({ id: 'c', type: 'lastNMonths', lastNMonths: 0, periodName: '' }, DMY)).toBe('Current month');
    expect(periodLabel({ id: 'd', type: 'lastNMonths', lastNMonths: 1, periodName: '' }, DMY)).toBe('Previous month');
    expect(periodLabel({ id: 'e', type: 'lastNMonths', lastNMonths: 12, periodName: '' }, DMY)).toBe(
      'Previous 12 months',
    );
  });

  it('uses the name when one is given', () => {
    expect(periodLabel({ ...range, periodName: ' This March ' }, DMY)).toBe('This March');
  });
});

describe('periodFromDraft', () => {
  const parse = (patch: Partial<ReturnType<typeof newPeriodDraft>>) =>
    chartPeriodSchema.safeParse(
      periodFromDraft({ ...newPeriodDraft('lastNDays', new Date(2026, 2, 15)), ...patch }, 'x'),
    );

  it('defaults the date range to yesterday and today, kept in ISO', () => {
    const draft = newPeriodDraft('period', new Date(2026, 2, 1));
    expect(draft.fromDate).toBe('2026-02-28');
    expect(draft.toDate).toBe('2026-03-01');
    expect(parse({ type: 'period', fromDate: draft.fromDate, toDate: draft.toDate }).data).toMatchObject({
      type: 'period',
      fromDate: '2026-02-28',
      toDate: '2026-03-01',
    });
  });

  it('takes a preset or a typed number', () => {
    expect(parse({ daysChoice: '180' }).data?.days).toBe(180);
    expect(parse({ daysChoice: 'other', daysOther: '45' }).data?.days).toBe(45);
    expect(parse({ type: 'lastNMonths', monthsChoice: '12' }).data?.lastNMonths).toBe(12);
  });

  it("refuses what the server refuses, with the server's texts", () => {
    expect(parse({ daysChoice: 'other', daysOther: '0' }).error?.issues[0]?.message).toBe(
      'Please enter a number greater than 0.',
    );
    expect(parse({ daysChoice: 'other', daysOther: 'abc' }).success).toBe(false);
    expect(parse({ type: 'period', fromDate: '2026-03-02', toDate: '2026-03-01' }).success).toBe(false);
    expect(parse({ type: 'period', fromDate: '', toDate: '2026-03-01' }).success).toBe(false);
  });
});
