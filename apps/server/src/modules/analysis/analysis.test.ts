import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysis, type Headers, item, nonZero, range, submitOccurred } from '../../../test/fixtures/analysis-fixtures';
import { companyRefs } from '../../../test/fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

/**
 * POST /api/analysis: every frequency and kind of period, read in the user's zone. Toronto is
 * UTC-4 in March (summer time) and UTC-5 in December.
 */
let t: TestContext;
let company: TestCompany;
let admin: Headers;

const TORONTO = { timezone: 'America/Toronto' };
/** The first days of December to the end of April: 151 days. */
const WINTER = range('2024-12-01', '2025-04-30');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Incidents by when they occurred (UTC) and how Toronto reads them. */
const OCCURRED = {
  // Thursday 13 March 2025, 23:30 in Toronto; Friday 14 March 03:30 UTC.
  lateThursday: '2025-03-14T03:30:00.000Z',
  // Thursday 20 March, 11:00 in Toronto.
  thursday: '2025-03-20T15:00:00.000Z',
  // Wednesday 2 April, 08:00 in Toronto.
  wednesday: '2025-04-02T12:00:00.000Z',
  // Tuesday 31 December 2024, 23:30 in Toronto; New Year's Day 04:30 UTC.
  newYearsEve: '2025-01-01T04:30:00.000Z',
};
const now = Date.now();
/** Relative to now: two days ago and forty days ago, at noon UTC. */
const RECENT = {
  twoDaysAgo: `${isoDay(now - 2 * DAY)}T12:00:00.000Z`,
  fortyDaysAgo: `${isoDay(now - 40 * DAY)}T12:00:00.000Z`,
};

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Analysis Co' });
  admin = await t.signIn(company.admin);
  const refs = await companyRefs(t.database, company.accountId);
  for (const occurred of [...Object.values(OCCURRED), ...Object.values(RECENT)]) {
    await submitOccurred(t, admin, refs, occurred);
  }
});
afterAll(() => t.close());

describe('frequencies in the user zone', () => {
  it('counts by day: every day of the range in order, zero days included, an incident at 23:30 on its local day', async () => {
    const result = await analysis(t, admin, [item(WINTER, 'day', TORONTO)]);
    const [series] = result.series;
    expect(series?.data).toHaveLength(151);
    expect(series?.data[0]).toEqual({ period: '2024-12-01', label: '01/12/2024', count: 0 });
    expect(series?.data.at(-1)).toEqual({ period: '2025-04-30', label: '30/04/2025', count: 0 });
    expect(series?.data.map((bucket) => bucket.period)).toEqual(
      [...(series?.data.map((bucket) => bucket.period) ?? [])].sort(),
    );
    expect(nonZero(result)).toEqual({ '2024-12-31': 1, '2025-03-13': 1, '2025-03-20': 1, '2025-04-02': 1 });
    expect(series).toMatchObject({
      periodName: '01/12/2024 - 30/04/2025',
      fromDate: '2024-12-01',
      toDate: '2025-04-30',
    });
    expect(result).toMatchObject({ name: 'My analysis', frequency: 'day', selectedClasses: [] });
  });

  it('counts by weekday from Sunday, by month, year and hour, on the local calendar and clock', async () => {
    const weekday = await analysis(t, admin, [item(WINTER, 'weekday', TORONTO)]);
    expect(weekday.series[0]?.data).toEqual([
      { period: '0', label: 'Sunday', count: 0 },
      { period: '1', label: 'Monday', count: 0 },
      { period: '2', label: 'Tuesday', count: 1 },
      { period: '3', label: 'Wednesday', count: 1 },
      { period: '4', label: 'Thursday', count: 2 },
      { period: '5', label: 'Friday', count: 0 },
      { period: '6', label: 'Saturday', count: 0 },
    ]);
    const month = await analysis(t, admin, [item(WINTER, 'month', TORONTO)]);
    expect(month.series[0]?.data).toEqual([
      { period: '2024-12', label: 'Dec 2024', count: 1 },
      { period: '2025-01', label: 'Jan 2025', count: 0 },
      { period: '2025-02', label: 'Feb 2025', count: 0 },
      { period: '2025-03', label: 'Mar 2025', count: 2 },
      { period: '2025-04', label: 'Apr 2025', count: 1 },
    ]);
    const year = await analysis(t, admin, [item(WINTER, 'year', TORONTO)]);
    expect(year.series[0]?.data).toEqual([
      { period: '2024', label: '2024', count: 1 },
      { period: '2025', label: '2025', count: 3 },
    ]);
    const hour = await analysis(t, admin, [item(WINTER, 'hour', TORONTO)]);
    expect(hour.series[0]?.data).toHaveLength(24);
    expect(hour.series[0]?.data[0]).toEqual({ period: '00', label: '00:00', count: 0 });
    expect(nonZero(hour)).toEqual({ '08': 1, '11': 1, '23': 2 });
  });

  it('reads the same incidents in UTC on their UTC days and hours', async () => {
    const utc = { timezone: 'UTC' };
    expect(nonZero(await analysis(t, admin, [item(WINTER, 'day', utc)]))).toEqual({
      '2025-01-01': 1,
      '2025-03-14': 1,
      '2025-03-20': 1,
      '2025-04-02': 1,
    });
    expect(nonZero(await analysis(t, admin, [item(WINTER, 'year', utc)]))).toEqual({ '2025': 4 });
    expect(nonZero(await analysis(t, admin, [item(WINTER, 'hour', utc)]))).toEqual({
      '03': 1,
      '04': 1,
      '12': 1,
      '15': 1,
    });
  });

  it("reads the hour on the user's clock through the autumn's repeated hour and in a half-hour zone", async () => {
    // 3 November 2024: Toronto's clocks go from 02:00 summer time back to 01:00.
    const refs = await companyRefs(t.database, company.accountId);
    // 01:10 summer time in Toronto, 10:40 in Kolkata (UTC+5:30).
    await submitOccurred(t, admin, refs, '2024-11-03T05:10:00.000Z');
    // 01:50 winter time in Toronto (the hour's second run), 12:20 in Kolkata.
    await submitOccurred(t, admin, refs, '2024-11-03T06:50:00.000Z');
    const autumn = range('2024-11-02', '2024-11-04');
    expect(nonZero(await analysis(t, admin, [item(autumn, 'hour', TORONTO)]))).toEqual({ '01': 2 });
    expect(nonZero(await analysis(t, admin, [item(autumn, 'hour', { timezone: 'Asia/Kolkata' })]))).toEqual({
      '10': 1,
      '12': 1,
    });
  });

  it('puts an incident on either side of a local hour in a quarter-hour zone, and with an offset of odd minutes', async () => {
    const refs = await companyRefs(t.database, company.accountId);
    // Kathmandu is UTC+5:45: 06:14 UTC is 11:59 there, 06:15 UTC is 12:00.
    await submitOccurred(t, admin, refs, '2024-10-10T06:14:00.000Z');
    await submitOccurred(t, admin, refs, '2024-10-10T06:15:00.000Z');
    const day = range('2024-10-10', '2024-10-10');
    expect(nonZero(await analysis(t, admin, [item(day, 'hour', { timezone: 'Asia/Kathmandu' })]))).toEqual({
      '11': 1,
      '12': 1,
    });
    // An offset of 7 minutes ahead of UTC (-7 as getTimezoneOffset says it): 06:21 and 06:22.
    expect(nonZero(await analysis(t, admin, [item(day, 'hour', { timezoneOffset: -7 })]))).toEqual({ '06': 2 });
    // 53 minutes ahead: 07:07 and 07:08; 46 minutes behind UTC: 05:28 and 05:29.
    expect(nonZero(await analysis(t, admin, [item(day, 'hour', { timezoneOffset: -53 })]))).toEqual({ '07': 2 });
    expect(nonZero(await analysis(t, admin, [item(day, 'hour', { timezoneOffset: 46 })]))).toEqual({ '05': 2 });
  });

  it("agrees with the zone's own clock on either side of its changes, half-hour changes included", async () => {
    // St John's changes at 05:30 and 04:30 UTC (UTC-3:30 / UTC-2:30); Lord Howe moves its clock by
    // half an hour at 15:00 and 15:30 UTC; Toronto and London change on whole hours. One minute
    // before, at and after each change, plus the hours around them, all in 2023.
    const changes = [
      '2023-03-12T05:30:00Z',
      '2023-11-05T04:30:00Z',
      '2023-04-01T15:00:00Z',
      '2023-09-30T15:30:00Z',
      '2023-03-12T07:00:00Z',
      '2023-03-26T01:00:00Z',
    ];
    const instants = changes.flatMap((change) =>
      [-61, -1, 0, 1, 29, 59].map((minutes) => new Date(Date.parse(change) + minutes * 60_000).toISOString()),
    );
    const other = await t.createCompany({ name: 'Clock Changes Co' });
    const headers = await t.signIn(other.admin);
    const refs = await companyRefs(t.database, other.accountId);
    for (const occurred of instants) await submitOccurred(t, headers, refs, occurred);

    const year = range('2023-01-01', '2023-12-31');
    for (const timezone of ['America/St_Johns', 'Australia/Lord_Howe', 'America/Toronto', 'Europe/London']) {
      const clock = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', hourCycle: 'h23' });
      const expected: Record<string, number> = {};
      for (const occurred of instants) {
        const hour = clock.format(new Date(occurred));
        expected[hour] = (expected[hour] ?? 0) + 1;
      }
      expect(nonZero(await analysis(t, headers, [item(year, 'hour', { timezone })])), timezone).toEqual(expected);
    }
  });

  it("takes the item's offset without a zone, else the x-timezone-offset header", async () => {
    const march = range('2025-03-13', '2025-03-14');
    // 240: UTC-4, as Date#getTimezoneOffset says it in Toronto in March.
    expect(nonZero(await analysis(t, admin, [item(march, 'day', { timezoneOffset: 240 })]))).toEqual({
      '2025-03-13': 1,
    });
    const header = { 'x-timezone-offset': '240' };
    expect(nonZero(await analysis(t, admin, [item(march, 'day')], { header }))).toEqual({ '2025-03-13': 1 });
    // An offset sent with the item wins over the header, 0 included.
    expect(nonZero(await analysis(t, admin, [item(march, 'day', { timezoneOffset: 0 })], { header }))).toEqual({
      '2025-03-14': 1,
    });
  });
});

describe('periods', () => {
  it("bounds a date range by the user's days: the 23:30 incident is not in the next day's range", async () => {
    const fromFourteenth = range('2025-03-14', '2025-03-31');
    expect(nonZero(await analysis(t, admin, [item(fromFourteenth, 'month', TORONTO)]))).toEqual({ '2025-03': 1 });
    expect(nonZero(await analysis(t, admin, [item(fromFourteenth, 'month', { timezone: 'UTC' })]))).toEqual({
      '2025-03': 2,
    });
  });

  it('compares several periods as series, in order, each named or labelled from its range', async () => {
    const result = await analysis(t, admin, [
      item(range('2025-03-01', '2025-03-31'), 'weekday', { ...TORONTO, periodName: 'March' }),
      item(range('2025-04-01', '2025-04-30'), 'weekday', TORONTO),
      item({ ...range('2024-12-01', '2024-12-31'), periodName: 'December' }, 'weekday', TORONTO),
    ]);
    expect(result.series.map((s) => [s.periodName, s.fromDate, s.toDate])).toEqual([
      ['March', '2025-03-01', '2025-03-31'],
      ['01/04/2025 - 30/04/2025', '2025-04-01', '2025-04-30'],
      ['December', '2024-12-01', '2024-12-31'],
    ]);
    expect(result.series.map((s) => s.data.reduce((sum, b) => sum + b.count, 0))).toEqual([2, 1, 1]);
  });

  it('reads the last n days as the search does: up to now, from n days ago', async () => {
    const result = await analysis(t, admin, [item({ type: 'lastNDays', days: 30 }, 'day', { timezone: 'UTC' })]);
    const [series] = result.series;
    expect(series).toMatchObject({ fromDate: isoDay(Date.now() - 30 * DAY), toDate: isoDay(Date.now()) });
    expect(series?.data).toHaveLength(31);
    expect(nonZero(result)).toEqual({ [RECENT.twoDaysAgo.slice(0, 10)]: 1 });
    const ninety = await analysis(t, admin, [item({ type: 'lastNDays', days: 90 }, 'year', { timezone: 'UTC' })]);
    expect(ninety.series[0]?.data.reduce((sum, b) => sum + b.count, 0)).toBe(2);
  });

  it('reads the last n months as the search does: 0 this month so far, n the n whole months before it', async () => {
    const today = new Date();
    const monthStart = (back: number) =>
      new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
    const inRange = (from: string, to: string) =>
      Object.values(RECENT).filter((occurred) => occurred.slice(0, 10) >= from && occurred.slice(0, 10) <= to).length;

    const current = await analysis(t, admin, [
      item({ type: 'lastNMonths', lastNMonths: 0 }, 'month', { timezone: 'UTC' }),
    ]);
    expect(current.series[0]).toMatchObject({ fromDate: monthStart(0), toDate: isoDay(Date.now()) });
    expect(current.series[0]?.data.map((b) => b.period)).toEqual([monthStart(0).slice(0, 7)]);
    expect(current.series[0]?.data[0]?.count).toBe(inRange(monthStart(0), isoDay(Date.now())));

    const lastTwo = await analysis(t, admin, [
      item({ type: 'lastNMonths', lastNMonths: 2 }, 'month', { timezone: 'UTC' }),
    ]);
    const lastDay = isoDay(Date.parse(`${monthStart(0)}T00:00:00Z`) - DAY);
    expect(lastTwo.series[0]).toMatchObject({ fromDate: monthStart(2), toDate: lastDay });
    expect(lastTwo.series[0]?.data.map((b) => b.period)).toEqual([
      monthStart(2).slice(0, 7),
      monthStart(1).slice(0, 7),
    ]);
    expect(lastTwo.series[0]?.data.reduce((sum, b) => sum + b.count, 0)).toBe(inRange(monthStart(2), lastDay));
  });
});
