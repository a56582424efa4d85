import { RESULT_COLUMNS, type ResultColumnId, resultColumn } from '@blotter/shared/presentation';
import type { IncidentRow } from '@blotter/shared/schemas/incidents';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { describe, expect, it } from 'vitest';
import { resultsCsv } from '../export/results-csv';
import { defaultColumnState, moveColumn, setColumnVisible, visibleColumns } from './column-state';
import type { ResultDisplayContext } from './display-context';
import { DRAFT_COLUMNS } from './draft-columns';

const node = (id: string, name: string, children: LookupNode[] = []): LookupNode => ({
  id,
  type: 'incidentClass',
  name,
  active: true,
  parentId: null,
  level: 1,
  parentPath: '',
  label: '',
  addressId: null,
  children,
});
const lookup = (id: string, name: string) => ({ id, type: 't', name, active: true, code: '' });

const context: ResultDisplayContext = {
  dateFormat: 1,
  incidentClasses: [node('c1', 'Security', [node('c2', 'Theft')])],
  locations: [node('l1', 'Main campus', [node('l2', 'Library')])],
  severities: [lookup('s1', 'High')],
  correctiveActionTypes: [lookup('a1', 'Referral'), lookup('a2', 'Warning')],
};

function row(overrides: Partial<IncidentRow> = {}): IncidentRow {
  return {
    id: 'i1',
    number: 42,
    status: 1,
    locked: false,
    creationDate: '2026-03-01T10:00:00',
    lastUpdateDate: '2026-03-01T10:00:00',
    reportedDate: '2026-03-02T14:05:00',
    occurredDate: '2026-03-01T09:30:00',
    occurredDateUncertain: false,
    lastClassId: 'c2',
    severityId: 's1',
    summaryText: 'Bike stolen from the rack',
    createUserId: 'u1',
    createUserName: 'Sam Staff',
    assignedUserId: null,
    assignedUserName: null,
    lastLocationId: 'l2',
    personNames: ['Jane Doe', 'John Roe'],
    companyNames: ['Acme, Inc.'],
    vehicleNames: ['Red van'],
    itemNames: ['Bike'],
    correctiveActionTypeIds: ['a1', 'a2', 'a1', 'unknown'],
    bannedSubject: false,
    ...overrides,
  };
}

const text = (id: ResultColumnId, r: IncidentRow = row()) => resultColumn(id).text(r, context);

describe('result column headers', () => {
  it('are the headers of spec 2 §3', () => {
    expect(RESULT_COLUMNS.map((c) => c.header)).toEqual([
      'Number',
      'Date reported',
      'Date occurred',
      'What',
      'Severity',
      'Entered by',
      'Assigned to',
      'Status',
      'Location',
      'Summary',
      'Persons',
      'Legal entities',
      'Vehicles',
      'Items',
      'Corrective actions',
    ]);
  });
});

describe('result cell texts', () => {
  it('formats dates in the company format; an uncertain occurred date has no time', () => {
    expect(text('reportedDate')).toBe('03/02/2026 02:05 PM');
    expect(text('occurredDate')).toBe('03/01/2026 09:30 AM');
    expect(text('occurredDate', row({ occurredDateUncertain: true }))).toBe('03/01/2026');
    expect(resultColumn('reportedDate').text(row(), { ...context, dateFormat: 0 })).toBe('02/03/2026 02:05 PM');
    expect(text('reportedDate', row({ reportedDate: null }))).toBe('');
  });

  it("names the class, location and severity from the lookups, 'Unknown' for one that is gone (as the viewer and the print)", () => {
    expect(text('what')).toBe('Security / Theft');
    expect(text('location')).toBe('Main campus / Library');
    expect(text('severity')).toBe('High');
    expect(text('what', row({ lastClassId: null }))).toBe('');
    expect(text('severity', row({ severityId: 'gone' }))).toBe('Unknown');
  });

  it('shows the status, with Locked', () => {
    expect(text('status')).toBe('Open');
    expect(text('status', row({ status: 2, locked: true }))).toBe('Closed (Locked)');
  });

  it('cuts the summary at 200 characters plus an ellipsis', () => {
    const long = 'x'.repeat(250);
    expect(text('summary', row({ summaryText: long }))).toBe(`${'x'.repeat(200)}...`);
    expect(text('summary', row({ summaryText: 'y'.repeat(200) }))).toBe('y'.repeat(200));
  });

  it('joins the names of persons, legal entities, vehicles, items and corrective action types', () => {
    expect(text('persons')).toBe('Jane Doe, John Roe');
    expect(text('legalEntities')).toBe('Acme, Inc.');
    expect(text('vehicles')).toBe('Red van');
    expect(text('items')).toBe('Bike');
    expect(text('correctiveActions')).toBe('Referral, Warning');
    expect(text('assignedTo')).toBe('Not assigned');
    expect(text('assignedTo', row({ assignedUserId: 'u9', assignedUserName: 'Ivy Investigator' }))).toBe(
      'Ivy Investigator',
    );
  });
});

describe('incident results CSV', () => {
  it('has the visible columns in the chosen order with the displayed values, every row', () => {
    let state = setColumnVisible(defaultColumnState(), 'legalEntities', true);
    state = moveColumn(state, 'status', 'number');
    const rows = Array.from({ length: 12 }, (_, i) => row({ id: `i${i}`, number: i + 1 }));
    const lines = resultsCsv(rows, visibleColumns(state), context).slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Status,Number,Date reported,Date occurred,What,Severity,Entered by,Assigned to,Legal entities',
    );
    expect(lines[1]).toBe(
      'Open,1,03/02/2026 02:05 PM,03/01/2026 09:30 AM,Security / Theft,High,Sam Staff,Not assigned,"Acme, Inc."',
    );
    // 12 rows, a header and the empty string after the final CRLF.
    expect(lines).toHaveLength(14);
  });
});

describe('the CSV export of the summary', () => {
  it('writes the full summary where the cell shows the 200-character cut', () => {
    const summaryText = `${'a'.repeat(250)} end of a long summary`;
    const state = setColumnVisible(defaultColumnState(), 'summary', true);
    const columns = visibleColumns(state).filter((column) => column.id === 'summary');
    expect(text('summary', row({ summaryText }))).toBe(`${'a'.repeat(200)}...`);
    const lines = resultsCsv([row({ summaryText })], columns, context)
      .slice(1)
      .split('\r\n');
    expect(lines).toEqual(['Summary', summaryText, '']);
  });
});

describe('draft columns', () => {
  const draft = {
    id: 'd1',
    creationDate: '2026-03-01T08:00:00',
    lastUpdateDate: '2026-03-01T08:10:00',
    lastClassId: 'c1',
    number: null,
    status: 0,
  };

  it('show date created, last modified, what, number and Draft or Editing', () => {
    expect(DRAFT_COLUMNS.map((c) => c.header)).toEqual(['Date created', 'Last modified', 'What', 'Number', 'Status']);
    expect(DRAFT_COLUMNS.map((c) => c.text(draft, context))).toEqual([
      '03/01/2026 08:00 AM',
      '03/01/2026 08:10 AM',
      'Security',
      '',
      'Draft',
    ]);
    const editing = { ...draft, number: 7, status: 3 };
    expect(DRAFT_COLUMNS.map((c) => c.text(editing, context)).slice(3)).toEqual(['7', 'Editing']);
  });
});
