import type { AnalysisResult } from '@blotter/shared/schemas/analysis';
import { describe, expect, it } from 'vitest';
import { chartCsv, chartHeadingLines, chartHeight, chartTable, repeatSubjectsCutNote } from './chart-data';
import { chartOption } from './chart-options';

const weekdays: AnalysisResult = {
  name: 'By weekday',
  frequency: 'weekday',
  selectedClasses: [],
  series: [
    {
      periodName: 'This year',
      fromDate: '2026-01-01',
      toDate: '2026-12-31',
      data: [
        { period: '0', label: 'Sunday', count: 2 },
        { period: '1', label: 'Monday', count: 5 },
      ],
    },
    {
      periodName: 'Last year',
      fromDate: '2025-01-01',
      toDate: '2025-12-31',
      data: [
        { period: '0', label: 'Sunday', count: 1 },
        { period: '1', label: 'Monday', count: 0 },
      ],
    },
  ],
};

const months: AnalysisResult = {
  name: 'Thefts by month',
  frequency: 'month',
  selectedClasses: [],
  series: [
    {
      periodName: '2026',
      fromDate: '2026-01-01',
      toDate: '2026-02-28',
      data: [
        { period: '2026-01', label: 'Jan 2026', count: 3 },
        { period: '2026-02', label: 'Feb 2026', count: 4 },
      ],
    },
    {
      periodName: '2025',
      fromDate: '2025-01-01',
      toDate: '2025-01-31',
      data: [{ period: '2025-01', label: 'Jan 2025', count: 7 }],
    },
  ],
};

describe('chartTable', () => {
  it('lines series over the same buckets up by key', () => {
    const table = chartTable(weekdays);
    expect(table.categories).toEqual(['Sunday', 'Monday']);
    expect(table.series).toEqual([
      { name: 'This year', counts: [2, 5], total: 7 },
      { name: 'Last year', counts: [1, 0], total: 1 },
    ]);
  });

  it('numbers the rows of periods with a gap between them, each series keeping its own bucket', () => {
    const table = chartTable(months);
    expect(table.mode).toBe('relative');
    expect(table.categories).toEqual(['Month 1', 'Month 2']);
    expect(table.rowLabels).toEqual([
      ['Jan 2026', 'Jan 2025'],
      ['Feb 2026', ''],
    ]);
    expect(table.series.map((one) => [one.counts, one.total])).toEqual([
      [[3, 4], 7],
      [[7, null], 7],
    ]);
  });

  it('lines overlapping ranges up by key, in date order', () => {
    const overlapping: AnalysisResult = {
      ...months,
      series: [
        {
          ...months.series[0],
          data: [
            { period: '2025-12', label: 'Dec 2025', count: 1 },
            { period: '2026-01', label: 'Jan 2026', count: 2 },
          ],
        },
        {
          ...months.series[1],
          data: [
            { period: '2026-01', label: 'Jan 2026', count: 5 },
            { period: '2026-02', label: 'Feb 2026', count: 6 },
          ],
        },
      ] as AnalysisResult['series'],
    };
    const table = chartTable(overlapping);
    expect(table.mode).toBe('shared');
    expect(table.categories).toEqual(['Dec 2025', 'Jan 2026', 'Feb 2026']);
    // A series has nothing, not zero, where its period has no bucket.
    expect(table.series.map((one) => one.counts)).toEqual([
      [1, 2, null],
      [null, 5, 6],
    ]);
    // The CSV leaves those cells empty.
    expect(chartCsv(overlapping)).toBe('\uFEFFPeriod,2026,2025\r\nDec 2025,1,\r\nJan 2026,2,5\r\nFeb 2026,,6\r\n');
  });

  it('knows which classes drill further, by class id', () => {
    const table = chartTable({
      name: 'By class',
      frequency: 'class',
      selectedClasses: [],
      series: [
        {
          periodName: 'Last 30 days',
          fromDate: '2026-01-01',
          toDate: '2026-01-30',
          data: [
            { period: 'c-theft', label: 'Theft', count: 4, hasChildren: true },
            { period: 'c-fire', label: 'Fire', count: 1, hasChildren: false },
          ],
        },
      ],
    });
    expect(table.keys).toEqual([['c-theft'], ['c-fire']]);
    expect(table.drillable).toEqual([[true], [false]]);
  });
});

describe('chartCsv', () => {
  it('writes one row per bucket and a column per series', () => {
    expect(chartCsv(weekdays)).toBe('\uFEFFPeriod,This year,Last year\r\nSunday,2,1\r\nMonday,5,0\r\n');
  });

  it('gives each series its own bucket column when the ranges differ', () => {
    expect(chartCsv(months)).toBe(
      '\uFEFF2026 period,2026,2025 period,2025\r\nJan 2026,3,Jan 2025,7\r\nFeb 2026,4,,\r\n',
    );
  });
});

describe('chartHeadingLines', () => {
  it("names each period, its dates in the company format and its total, for the saved image's heading", () => {
    const unnamed = { ...months.series[1], periodName: '01/01/2025 - 31/01/2025' } as AnalysisResult['series'][number];
    expect(chartHeadingLines({ ...months, series: [months.series[0], unnamed] } as AnalysisResult, 0)).toEqual([
      '2026: 01/01/2026 – 28/02/2026 · 7 incidents',
      '01/01/2025 – 31/01/2025 · 7 incidents',
    ]);
    expect(chartHeadingLines({ ...weekdays, selectedClasses: [{ id: 'c1', name: 'Theft' }] }, 1).slice(1)).toEqual([
      'Last year: 01/01/2025 – 12/31/2025 · 1 incident',
      'Class: Theft',
    ]);
  });
});

describe('chart sizes and types (spec 2 §2, §9)', () => {
  it('is 500 px high for up to 6 series and taller beyond; pies come three to a row', () => {
    expect(chartHeight(1, false)).toBe(500);
    expect(chartHeight(6, false)).toBe(500);
    expect(chartHeight(7, false)).toBeGreaterThan(500);
    expect(chartHeight(6, true)).toBe(500);
    expect(chartHeight(7, true)).toBeGreaterThan(500);
  });

  it('draws the periods as series of the chosen type', () => {
    const table = chartTable(weekdays);
    const types = (option: ReturnType<typeof chartOption>) =>
      (option.series as { type: string; stack?: string }[]).map((s) => [s.type, s.stack]);
    expect(types(chartOption(table, { type: 'bar' }))).toEqual([
      ['bar', undefined],
      ['bar', undefined],
    ]);
    expect(types(chartOption(table, { type: 'stackedBar' }))).toEqual([
      ['bar', 'total'],
      ['bar', 'total'],
    ]);
    expect(types(chartOption(table, { type: 'line' }))[0]?.[0]).toBe('line');
  });

  it('lists the legend of pies in week order, not in the order the slices first appear', () => {
    // The first pie has no Sunday slice (empty slices are left out): its legend must still start with Sunday.
    const table = chartTable({
      ...weekdays,
      series: weekdays.series.map((one, i) => ({
        ...one,
        data: one.data.map((entry, day) => ({ ...entry, count: i === day ? 0 : 5 })),
      })),
    });
    expect((chartOption(table, { type: 'pie' }).legend as { data: string[] }).data).toEqual(['Sunday', 'Monday']);
    // Bars carry their counts (none on an empty bar) and the axes their titles.
    const bars = chartOption(table, { type: 'bar' });
    const format = (bars.series as { label: { formatter: (p: { value: unknown }) => string } }[])[0]?.label.formatter;
    expect([format?.({ value: 5 }), format?.({ value: 0 }), format?.({ value: null })]).toEqual(['5', '', '']);
    expect([(bars.xAxis as { name: string }).name, (bars.yAxis as { name: string }).name]).toEqual([
      'Day of week',
      'Incidents',
    ]);
  });

  it('places pies three to a row', () => {
    const five = chartTable({
      ...weekdays,
      series: Array.from({ length: 5 }, (_, i) => ({
        ...weekdays.series[0],
        periodName: `P${i}`,
      })) as AnalysisResult['series'],
    });
    const pies = chartOption(five, { type: 'pie' }).series as { center: [string, string] }[];
    const rows = new Set(pies.map((pie) => pie.center[1]));
    const columns = new Set(pies.map((pie) => pie.center[0]));
    expect(rows.size).toBe(2);
    // Each slice keeps its row, so a click on it finds its bucket.
    expect((pies[0] as unknown as { data: { row: number }[] }).data.map((slice) => slice.row)).toEqual([0, 1]);
    expect(columns.size).toBe(3);
  });
});

describe('repeat subjects (issue 31)', () => {
  const subjects: AnalysisResult = {
    name: 'Who comes back',
    frequency: 'repeatSubjects',
    selectedClasses: [],
    series: [
      {
        periodName: 'Last 30 days',
        fromDate: '2026-10-29',
        toDate: '2026-11-28',
        data: [
          { period: 'vehicle:v1', label: 'XYZ 789 (Ontario)', count: 3 },
          { period: 'person:p1', label: 'Bianca Doe', count: 2 },
        ],
      },
      {
        periodName: 'Last year',
        fromDate: '2025-01-01',
        toDate: '2025-12-31',
        data: [
          { period: 'person:p2', label: 'Adam Zed', count: 4 },
          { period: 'person:p1', label: 'Bianca Doe', count: 2 },
        ],
      },
    ],
  };

  it('keeps the server order (the most incidents first) and leaves a subject absent from a period empty', () => {
    const table = chartTable(subjects);
    expect(table.categories).toEqual(['XYZ 789 (Ontario)', 'Bianca Doe', 'Adam Zed']);
    expect(table.series.map((one) => one.counts)).toEqual([
      [3, 2, null],
      [null, 2, 4],
    ]);
    expect(chartCsv(subjects).split('\r\n')[0]).toBe('\uFEFFSubject,Last 30 days,Last year');
  });

  it('counts subjects, not incidents, under the image title', () => {
    expect(chartHeadingLines(subjects, 0)[0]).toBe('Last 30 days: 29/10/2026 – 28/11/2026 · 2 repeat subjects');
  });

  it('counts every subject that came back, not only the bars shown, and says when the bars are the first ones', () => {
    const cut: AnalysisResult = {
      ...subjects,
      series: [{ ...(subjects.series[0] as AnalysisResult['series'][number]), subjectTotal: 1245 }],
    };
    expect(chartHeadingLines(cut, 0)[0]).toBe(
      'Last 30 days: 29/10/2026 – 28/11/2026 · 1,245 repeat subjects (the 2 with the most incidents shown)',
    );
    // The dashboard card's headline reads the same number.
    expect(chartTable(cut).series[0]?.subjects).toBe(1245);
    expect(repeatSubjectsCutNote(cut)).toBe('Each period shows the subjects with the most incidents: 2 of 1,245.');
    // All shown: no note; an answer without the total counts its bars.
    expect(repeatSubjectsCutNote({ ...subjects, series: [{ ...cut.series[0], subjectTotal: 2 }] as never })).toBe('');
    expect(chartTable(subjects).series.map((one) => one.subjects)).toEqual([2, 2]);
  });

  it('draws bars across, one subject a row, the first at the top', () => {
    const option = chartOption(chartTable(subjects), { type: 'bar' }) as {
      yAxis: { type: string; data: string[]; inverse: boolean };
      xAxis: { type: string; name: string };
    };
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true });
    expect(option.yAxis.data).toEqual(['XYZ 789 (Ontario)', 'Bianca Doe', 'Adam Zed']);
    expect(option.xAxis).toMatchObject({ type: 'value', name: 'Incidents' });
  });

  it('leaves the counts of crowded rows to the tooltip: bars across share the chart height, not its width', () => {
    // Two periods of 18 subjects: 36 bars in a 200 px dashboard card, 48 in a 500 px chart (3 periods of 16).
    const many = (periods: number, rows: number): AnalysisResult => ({
      ...subjects,
      series: Array.from({ length: periods }, (_, p) => ({
        periodName: `Period ${p}`,
        fromDate: '2026-01-01',
        toDate: '2026-12-31',
        data: Array.from({ length: rows }, (_, i) => ({ period: `person:p${i}`, label: `Person ${i}`, count: 40 - i })),
      })),
    });
    const shown = (result: AnalysisResult, compact: boolean) =>
      (chartOption(chartTable(result), { type: 'bar', compact }).series as { label: { show: boolean } }[]).map(
        (one) => one.label.show,
      );
    expect(shown(many(2, 18), true)).toEqual([false, false]);
    expect(shown(many(3, 16), false)).toEqual([false, false, false]);
    // Few rows keep their counts, in the card and in the chart.
    expect(shown(many(1, 10), true)).toEqual([true]);
    expect(shown(many(2, 20), false)).toEqual([true, true]);
  });
});
