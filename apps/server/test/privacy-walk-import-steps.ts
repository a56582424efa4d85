import { randomUUID } from 'node:crypto';
import type { ImportDetail, ImportPreview } from '@blotter/shared';
import { expect } from 'vitest';
import { csv } from './fixtures/import-fixtures';
import { MARKER } from './privacy-walk-seed';
import type { Walker } from './privacy-walker';
import { form } from './uploads';

/**
 * The walk's steps of a bulk import (issue 32 §1), placed in WALK by privacy-walk-steps.ts: a file
 * whose person columns hold the private markers is uploaded, mapped, previewed (private columns
 * read 'Hidden' without PRIVACY_INFO_VIEW), dry-run and imported; its rows and report hold only
 * reasons, never a person's value.
 */
type Step = [string, (w: Walker) => Promise<unknown>];

const HEADERS = [
  'Ref',
  'Date reported',
  'Date occurred',
  'Class',
  'First name',
  'Last name',
  'DOB',
  'Phone',
  'Mobile',
  'Email',
  'Address',
  'City',
  'State',
  'Postal code',
];
const PERSON_COLUMNS: Record<string, string> = {
  'First name': 'person.firstName',
  'Last name': 'person.lastName',
  DOB: 'person.dateOfBirth',
  Phone: 'person.phone',
  Mobile: 'person.mobilePhone',
  Email: 'person.email',
  Address: 'person.address',
  City: 'person.cityName',
  State: 'person.stateName',
  'Postal code': 'person.postalCode',
};

function walkFile(): Buffer {
  const person = [
    'Walker',
    'Imported',
    MARKER.dateOfBirth,
    MARKER.phone,
    MARKER.mobilePhone,
    MARKER.email,
    MARKER.address,
    MARKER.cityName,
    MARKER.stateName,
    MARKER.postalCode,
  ];
  return csv([
    HEADERS,
    [`WALK-${randomUUID()}`, '2025-01-05T08:00:00Z', '2025-01-05T07:00:00Z', 'Walk class', ...person],
    // Refused (no date reported): its reason names the column, never a value.
    [`WALK-${randomUUID()}`, '', '2025-01-05T07:00:00Z', 'Walk class', ...person],
  ]);
}

const runJobs = (w: Walker) => w.t.app.jobs.runDue();

export const IMPORT_STEPS: Step[] = [
  ['GET /imports/fields', (w) => w.call('GET /imports/fields', { url: '/imports/fields' })],
  [
    'POST /imports',
    async (w) => {
      const detail = await w.json<ImportDetail>('POST /imports', {
        url: '/imports',
        payload: form({}, { data: walkFile(), name: 'walk.csv' }),
      });
      w.state.import = detail.id;
      w.state.importSheet = detail.sheets[0]?.name ?? '';
    },
  ],
  [
    'PUT /imports/:id/mapping',
    (w) =>
      w.json('PUT /imports/:id/mapping', {
        url: `/imports/${w.state.import}/mapping`,
        payload: {
          sheets: [
            {
              name: w.state.importSheet,
              entity: 'incidents',
              columns: {
                Ref: 'sourceRef',
                'Date reported': 'reportedDate',
                'Date occurred': 'occurredDate',
                Class: 'classPath',
                ...PERSON_COLUMNS,
              },
            },
          ],
          values: { incidentClass: { 'Walk class': { action: 'existing', lookupId: w.seed.refs.incidentClass } } },
        },
      }),
  ],
  [
    'GET /imports/:id/preview',
    async (w) => {
      const preview = await w.json<ImportPreview>('GET /imports/:id/preview', {
        url: `/imports/${w.state.import}/preview`,
      });
      expect(preview.rows).toHaveLength(2);
    },
  ],
  [
    'POST /imports/:id/validate',
    async (w) => {
      await w.json('POST /imports/:id/validate', { url: `/imports/${w.state.import}/validate` });
      await runJobs(w);
    },
  ],
  [
    'POST /imports/:id/run',
    async (w) => {
      await w.json('POST /imports/:id/run', { url: `/imports/${w.state.import}/run` });
      await runJobs(w);
    },
  ],
  [
    'GET /imports/:id',
    async (w) => {
      const detail = await w.json<ImportDetail>('GET /imports/:id', { url: `/imports/${w.state.import}` });
      expect(detail.counts).toMatchObject({ created: 1, refused: 1 });
    },
  ],
  ['GET /imports/:id/rows', (w) => w.call('GET /imports/:id/rows', { url: `/imports/${w.state.import}/rows?psz=100` })],
  [
    'GET /imports/:id/report.csv',
    (w) => w.call('GET /imports/:id/report.csv', { url: `/imports/${w.state.import}/report.csv` }),
  ],
  ['GET /imports', (w) => w.call('GET /imports', { url: '/imports?psz=100' })],
];
