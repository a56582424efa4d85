import { DATE_FORMAT } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketCount, dateBuckets } from './analysis-buckets';

const savedZone = process.env.TZ;
beforeAll(() => {
  // A zone with summer time, so a day that is 23 or 25 hours long on the server's clock is in range.
  process.env.TZ = 'Europe/Paris';
});
afterAll(() => {
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});

const periods = (frequency: 'day' | 'month' | 'year', from: string, to: string) =>
  dateBuckets(frequency, from, to, DATE_FORMAT.DMY).map((bucket) => `${bucket.period} ${bucket.label}`);

describe('date buckets', () => {
  it('has one bucket per calendar day across summer-time changes and a leap day', () => {
    expect(periods('day', '2026-03-28', '2026-03-30')).toEqual([
      '2026-03-28 28/03/2026',
      '2026-03-29 29/03/2026',
      '2026-03-30 30/03/2026',
    ]);
    expect(bucketCount('day', '2026-03-28', '2026-03-30')).toBe(3);
    expect(bucketCount('day', '2026-10-24', '2026-10-26')).toBe(3);
    expect(periods('day', '2024-02-28', '2024-03-01')).toEqual([
      '2024-02-28 28/02/2024',
      '2024-02-29 29/02/2024',
      '2024-03-01 01/03/2024',
    ]);
    expect(bucketCount('day', '2024-01-01', '2024-12-31')).toBe(366);
    expect(periods('day', '2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('has one bucket per month and per year touched, across the turn of a year', () => {
    expect(periods('month', '2025-11-30', '2026-02-01')).toEqual([
      '2025-11 Nov 2025',
      '2025-12 Dec 2025',
      '2026-01 Jan 2026',
      '2026-02 Feb 2026',
    ]);
    expect(bucketCount('month', '2025-11-30', '2026-02-01')).toBe(4);
    expect(periods('month', '2024-01-31', '2024-03-01')).toEqual([
      '2024-01 Jan 2024',
      '2024-02 Feb 2024',
      '2024-03 Mar 2024',
    ]);
    expect(periods('year', '2023-12-31', '2025-01-01')).toEqual(['2023 2023', '2024 2024', '2025 2025']);
    expect(bucketCount('year', '2023-12-31', '2025-01-01')).toBe(3);
  });
});
