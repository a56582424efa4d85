import { type ResultDisplayContext, resultColumn } from '@blotter/shared/presentation';
import type { IncidentRow } from '@blotter/shared/schemas/incidents';
import { describe, expect, it } from 'vitest';
import { PRINT_ROW_LIMIT, printLimitText, printRows } from './print-rows';

const context: ResultDisplayContext = {
  dateFormat: 0,
  timezoneOffset: 0,
  incidentClasses: [],
  locations: [],
  severities: [],
  correctiveActionTypes: [],
};

const row = (number: number, summaryText: string): IncidentRow => ({
  id: `i${number}`,
  number,
  status: 2,
  locked: true,
  creationDate: '2026-03-01T10:00:00Z',
  lastUpdateDate: '2026-03-01T10:00:00Z',
  reportedDate: '2026-03-02T14:05:00Z',
  occurredDate: '2026-03-01T09:30:00Z',
  occurredDateUncertain: false,
  lastClassId: null,
  severityId: null,
  summaryText,
  createUserId: 'u1',
  createUserName: 'Trần Thị Thu',
  assignedUserId: null,
  assignedUserName: null,
  lastLocationId: null,
  personNames: [],
  companyNames: [],
  vehicleNames: [],
  itemNames: [],
  correctiveActionTypeIds: [],
  bannedSubject: false,
});

describe('printRows', () => {
  it("writes the chosen columns' headers and the texts the table shows, the summary in full", () => {
    const long = 'x'.repeat(250);
    const printed = printRows(
      [row(7, long), row(5, 'Short')],
      (['number', 'reportedDate', 'enteredBy', 'status', 'summary'] as const).map((id) => resultColumn(id)),
      context,
    );
    expect(printed.columns).toEqual(['Number', 'Date reported', 'Entered by', 'Status', 'Summary']);
    expect(printed.rows).toEqual([
      ['7', '02/03/2026 02:05 PM', 'Trần Thị Thu', 'Closed (Locked)', long],
      ['5', '02/03/2026 02:05 PM', 'Trần Thị Thu', 'Closed (Locked)', 'Short'],
    ]);
  });

  it('cuts a cell to what the upload takes', () => {
    const printed = printRows([row(1, 'y'.repeat(5000))], [resultColumn('summary')], context);
    expect(printed.rows[0]?.[0]).toHaveLength(2000);
    expect(printed.rows[0]?.[0]?.endsWith('…')).toBe(true);
  });
});

describe('printLimitText', () => {
  const limit = PRINT_ROW_LIMIT.toLocaleString('en-US');
  it('states the limit, then whether all the rows found are printed or only the first ones', () => {
    expect(printLimitText(undefined)).toBe(`Prints up to ${limit} rows.`);
    expect(printLimitText({ total: 2, capped: false })).toBe(
      `Prints up to ${limit} rows; these results have 2: all are printed.`,
    );
    expect(printLimitText({ total: PRINT_ROW_LIMIT + 1, capped: false })).toBe(
      `Prints up to ${limit} rows; these results have ${(PRINT_ROW_LIMIT + 1).toLocaleString('en-US')}: the first ${limit} are printed. Narrow the search to print the rest.`,
    );
  });

  it("reads a capped total as '10,000+'", () => {
    expect(printLimitText({ total: 10_000, capped: true })).toBe(
      `Prints up to ${limit} rows; these results have 10,000+: the first ${limit} are printed. Narrow the search to print the rest.`,
    );
  });
});
