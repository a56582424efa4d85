import type { AnalysisPeriodType, ChartPeriodInput } from '@blotter/shared/schemas/analysis';
import { toCalendarDate } from '../../../lib/calendar-date';

/** What the period form holds while a person types: plain texts, turned into a period by Add. */
export interface PeriodDraft {
  type: AnalysisPeriodType;
  fromDate: string;
  toDate: string;
  daysChoice: string;
  daysOther: string;
  monthsChoice: string;
  monthsOther: string;
  periodName: string;
}

/** A new period id (spec 2 §3: every period has an id). */
export function newPeriodId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** An empty period form: the date range defaults to yesterday to today (spec 2 §9), presets to the first. */
export function newPeriodDraft(type: AnalysisPeriodType = 'lastNDays', now = new Date()): PeriodDraft {
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return {
    type,
    fromDate: toCalendarDate(yesterday),
    toDate: toCalendarDate(now),
    daysChoice: '30',
    daysOther: '',
    monthsChoice: '0',
    monthsOther: '',
    periodName: '',
  };
}

/** A typed number, or NaN when it is not a whole number (the schema then says what is wrong). */
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The period of a form, for the shared schema to check (so the page shows the server's texts). */
export function periodFromDraft(draft: PeriodDraft, id = newPeriodId()): ChartPeriodInput {
  const base = { id, type: draft.type, periodName: draft.periodName.trim() };
  switch (draft.type) {
    case 'period':
      return { ...base, fromDate: draft.fromDate || undefined, toDate: draft.toDate || undefined };
    case 'lastNDays':
      return { ...base, days: whole(draft.daysChoice === 'other' ? draft.daysOther : draft.daysChoice) };
    case 'lastNMonths':
      return { ...base, lastNMonths: whole(draft.monthsChoice === 'other' ? draft.monthsOther : draft.monthsChoice) };
  }
}
