import { formatCalendarDate } from '@blotter/shared/presentation';
import type { AnalysisFrequency, AnalysisReportType, ChartPeriod } from '@blotter/shared/schemas/analysis';
import { lastNDaysLabel, lastNMonthsLabel } from '../../../lib/last-n-labels';

/** The range of a period as words: dates in the company format, or the last n days or months. */
export function periodRangeLabel(period: ChartPeriod, dateFormat: number): string {
  switch (period.type) {
    case 'period':
      return `${formatCalendarDate(period.fromDate, dateFormat)} – ${formatCalendarDate(period.toDate, dateFormat)}`;
    case 'lastNDays':
      return lastNDaysLabel(period.days ?? 0);
    case 'lastNMonths':
      return lastNMonthsLabel(period.lastNMonths ?? 0);
  }
}

/** A period's label (spec 2 §5): its name, or when blank a label built from its range. */
export function periodLabel(period: ChartPeriod, dateFormat: number): string {
  return period.periodName.trim() || periodRangeLabel(period, dateFormat);
}

export const FREQUENCY_LABELS: Record<AnalysisFrequency, string> = {
  day: 'Day',
  weekday: 'Day of week',
  month: 'Month',
  year: 'Year',
  hour: 'Hour of day (work shift)',
  class: 'Incident class',
  repeatSubjects: 'Repeat subjects (2 or more incidents)',
};

export const REPORT_TYPE_LABELS: Record<AnalysisReportType, string> = {
  bar: 'Bar chart',
  stackedBar: 'Stacked bar chart',
  line: 'Line chart',
  pie: 'Pie chart',
  excel: 'Excel',
};
