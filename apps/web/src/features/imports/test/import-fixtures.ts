import type { InitData } from '@blotter/shared/schemas/commons';
import type {
  ImportDetail,
  ImportField,
  ImportMapping,
  ImportPreview,
  ImportRow,
} from '@blotter/shared/schemas/imports';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { HttpResponse, http } from 'msw';
import { api, server } from '../../../test/msw-server';

export const IMPORT_ID = '55555555-5555-4555-8555-555555555555';
export const SECURITY = '66666666-6666-4666-8666-666666666666';
export const THEFT = '77777777-7777-4777-8777-777777777777';
export const HIGH = '88888888-8888-4888-8888-888888888888';

const node = (id: string, name: string, children: LookupNode[] = [], parentId: string | null = null): LookupNode => ({
  id,
  type: 'incidentClass',
  name,
  active: true,
  parentId,
  level: parentId ? 2 : 1,
  parentPath: '',
  label: name,
  addressId: null,
  children,
});

/** The initial data the wizard reads: the class tree and the severities. */
export function serveInitData() {
  const initData = {
    countries: [],
    states: [],
    notifications: [],
    lookupLabels: {},
    multipleLookups: { incidentClass: [node(SECURITY, 'Security', [node(THEFT, 'Theft', [], SECURITY)])] },
    singleLookups: { severityType: [{ id: HIGH, type: 'severityType', name: 'High', active: true, code: '' }] },
    investigators: [],
    userAvatars: [],
    companySettings: { dateFormat: 1, timeZone: 'UTC', autoLogoutTime: 0 },
    fileSizeLimit: {},
    accountActive: true,
    demoCompany: false,
    version: '1',
  } as unknown as InitData;
  server.use(http.get(api('/commons/initData'), () => HttpResponse.json(initData)));
}

const field = (key: string, label: string, overrides: Partial<ImportField> = {}): ImportField => ({
  entity: 'incidents',
  key,
  label,
  kind: 'text',
  required: false,
  lookupType: null,
  aliases: [],
  ...overrides,
});

export const FIELDS: ImportField[] = [
  field('sourceRef', 'Reference', { required: true }),
  field('occurredDate', 'Date occurred', { kind: 'dateTime', required: true }),
  field('reportedDate', 'Date reported', { kind: 'dateTime', required: true }),
  field('classPath', 'What (class)', { kind: 'lookup', required: true, lookupType: 'incidentClass' }),
  field('severity', 'Severity', { kind: 'lookup', lookupType: 'severityType' }),
  field('summary', 'Summary', { kind: 'richText' }),
  field('incidentRef', 'Incident reference', { entity: 'persons', required: true }),
  field('firstName', 'First name', { entity: 'persons', required: true }),
];

export function importDetail(overrides: Partial<ImportDetail> = {}): ImportDetail {
  return {
    id: IMPORT_ID,
    fileName: 'history.xlsx',
    status: 'uploaded',
    createdAt: '2026-11-20T10:00:00.000Z',
    createdByName: 'Ada Admin',
    sheets: [{ name: 'Incidents', headers: ['Ref', 'Occurred', 'Reported', 'Category', 'Notes'], rowCount: 500 }],
    mapping: {
      sheets: [
        {
          name: 'Incidents',
          entity: 'incidents',
          // 'Category' is not guessed: the admin maps it.
          columns: {
            Ref: 'sourceRef',
            Occurred: 'occurredDate',
            Reported: 'reportedDate',
            Category: null,
            Notes: 'summary',
          },
        },
      ],
      values: {},
    },
    progress: null,
    counts: null,
    error: null,
    ...overrides,
  };
}

export const PREVIEW: ImportPreview = {
  rows: [
    {
      sheet: 'Incidents',
      rowNumber: 2,
      sourceRef: 'OLD-1',
      fields: { 'Date occurred': '03/12/2025 10:30 PM', 'What (class)': 'Security > Theft' },
      issues: [],
    },
    {
      sheet: 'Incidents',
      rowNumber: 3,
      sourceRef: 'OLD-2',
      fields: { 'Date occurred': '03/12/2099 10:30 PM', 'What (class)': 'Security > Theft' },
      issues: ['Date occurred cannot be in the future.'],
    },
  ],
  values: [
    {
      lookupType: 'incidentClass',
      label: 'What (class)',
      value: 'Security > Theft',
      rowCount: 480,
      match: { lookupId: THEFT, path: 'Security > Theft' },
      target: null,
    },
    { lookupType: 'incidentClass', label: 'What (class)', value: 'Vandalism', rowCount: 17, match: null, target: null },
    { lookupType: 'severityType', label: 'Severity', value: 'Severe', rowCount: 3, match: null, target: null },
  ],
};

export const refusedRow = (index: number): ImportRow => ({
  sheet: 'Incidents',
  rowNumber: index + 2,
  sourceRef: `OLD-${index}`,
  outcome: 'refused',
  reason: `Row ${index + 2}: Date occurred cannot be in the future.`,
  incidentId: null,
});

/** What the fake server was sent. */
export interface Sent {
  mappings: ImportMapping[];
  jobs: string[];
  rowQueries: URLSearchParams[];
}

/**
 * A fake import API: the import's detail (replaced by `setDetail`), the fields, the preview and 12
 * refused rows, paged like the server. Saving a mapping keeps it; starting a job answers validating
 * or importing.
 */
export function serveImportApi(initial: ImportDetail = importDetail(), rows: ImportRow[] = []) {
  let detail = initial;
  const sent: Sent = { mappings: [], jobs: [], rowQueries: [] };
  serveInitData();
  server.use(
    http.get(api('/imports'), () => HttpResponse.json({ items: [detail], total: 1, page: 0, pageSize: 10 })),
    http.get(api('/imports/fields'), () => HttpResponse.json(FIELDS)),
    http.get(api(`/imports/${IMPORT_ID}`), () => HttpResponse.json(detail)),
    http.get(api(`/imports/${IMPORT_ID}/preview`), () => HttpResponse.json(PREVIEW)),
    http.put(api(`/imports/${IMPORT_ID}/mapping`), async ({ request }) => {
      const mapping = (await request.json()) as ImportMapping;
      sent.mappings.push(mapping);
      detail = { ...detail, mapping, status: 'uploaded' };
      return HttpResponse.json(detail);
    }),
    http.post(api(`/imports/${IMPORT_ID}/:job`), ({ params }) => {
      const job = String(params.job);
      sent.jobs.push(job);
      detail = {
        ...detail,
        status: job === 'run' ? 'importing' : 'validating',
        progress: { done: 0, total: 500 },
      };
      return HttpResponse.json(detail, { status: 202 });
    }),
    http.get(api(`/imports/${IMPORT_ID}/rows`), ({ request }) => {
      const query = new URL(request.url).searchParams;
      sent.rowQueries.push(query);
      const outcome = query.get('outcome');
      const p = Number(query.get('p'));
      const psz = Number(query.get('psz'));
      const found = rows.filter((row) => !outcome || row.outcome === outcome);
      return HttpResponse.json({
        items: found.slice(p * psz, (p + 1) * psz),
        total: found.length,
        page: p,
        pageSize: psz,
      });
    }),
  );
  return {
    sent,
    setDetail: (next: Partial<ImportDetail>) => {
      detail = { ...detail, ...next };
    },
  };
}
