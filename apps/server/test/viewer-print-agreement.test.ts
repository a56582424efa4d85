import type { IncidentDetail, InitData, LegalEntity } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web viewer's own model, built from the same answers the browser reads.
import { buildSections } from '../../web/src/features/incident-viewer/model/build-sections';
import { type IncidentParts, viewDataOfDetail } from '../../web/src/features/incident-viewer/model/view-data';
import type { ViewContext, ViewSection } from '../../web/src/features/incident-viewer/model/view-sections';
import { loadIncidentSnapshot } from '../src/modules/incidents/changes/record-incident-change';
import { incidentPrintDocument } from '../src/modules/print/incident-print-document';
import { loadPrintData } from '../src/modules/print/print.queries';
import type { PrintDocument } from '../src/platform/pdf';
import { type CompanyRefs, companyRefs } from './fixtures/incident-fixtures';
import { submitIncident } from './incidents';
import { createTestContext, type TestCompany, type TestContext } from './test-app';

/**
 * The viewer (apps/web) and the print (apps/server) show one incident: its addresses, money, dates,
 * names and labels must read the same on screen and on paper. Both build their text with
 * @blotter/shared/presentation; this test reads one real incident through the API the browser uses
 * and through the print's own loading, and compares the two models field by field.
 */

// The browser's zone. Process-wide, so it is set for this file only and restored after it.
const READER_ZONE = 'America/Toronto';
const savedZone = process.env.TZ;

let t: TestContext;
let a: TestCompany;
let refs: CompanyRefs;
let admin: Record<string, string>;
let viewer: ViewSection[];
let print: PrintDocument;

/** Winter dates: the offset the browser sends then is the offset of these moments. */
const REPORTED = '2026-01-15T23:45:00.000Z';
const OCCURRED = '2026-01-15T04:05:00.000Z';

beforeAll(async () => {
  process.env.TZ = READER_ZONE;
  t = await createTestContext();
  a = await t.createCompany({ name: 'Agreement Co', concurrentUserCount: 50 });
  refs = await companyRefs(t.database, a.accountId);
  admin = await t.signIn(a.admin);
  const incident = await submitIncident(t, admin, refs, { persons: 2, companies: 2, items: 2 }, (fields) => ({
    ...fields,
    reportedDate: REPORTED,
    occurredDate: OCCURRED,
    // A legal entity with only some parts of an address, and one with a foreign country.
    companies: fields.companies.map(
      (company, n): LegalEntity =>
        n === 0
          ? {
              ...company,
              ...{ unit: '', address: '', street: '', cityId: null, cityName: 'Paris' },
              ...{ stateName: '', postalCode: '', countryCode: 'FR' },
            }
          : { ...company, isOwner: false, unit: '7', postalCode: '' },
    ),
    items: fields.items.map((item, n) => ({ ...item, value: n === 0 ? 123_450 : 5 })),
  }));
  const closed = await t.inject({
    method: 'POST',
    url: `/api/incidents/close/${incident.id}`,
    headers: admin,
    payload: { closedBy: 'USER', closeComments: 'Done.' },
  });
  expect(closed.statusCode).toBe(200);

  // The viewer: GET /incidents/{id}, its parts and the initial data, as the browser loads them.
  const get = async <T>(url: string) => {
    const response = await t.inject({ method: 'GET', url, headers: admin });
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
  };
  const detail = await get<IncidentDetail>(`/api/incidents/${incident.id}`);
  const parts = await get<IncidentParts>(`/api/incidents/${incident.id}/parts`);
  const init = await get<InitData>('/api/commons/initData');
  const context: ViewContext = {
    dateFormat: init.companySettings.dateFormat,
    measurementType: init.companySettings.measurementType,
    multipleLookups: init.multipleLookups,
    singleLookups: init.singleLookups,
    countries: init.countries,
  };
  viewer = buildSections(viewDataOfDetail(detail, parts), context, { canViewPrivate: true });

  // The print: the same incident as the print service loads it, for the offset the browser sends.
  const { snapshot, data } = await t.database.tenant(a.accountId, async (tx) => ({
    snapshot: await loadIncidentSnapshot(tx, incident.id),
    data: await loadPrintData(tx, a.accountId, incident.id),
  }));
  if (!snapshot) throw new Error('incident not found');
  print = incidentPrintDocument(snapshot, {
    companyName: data.account.companyName,
    dateFormat: data.account.dateFormat,
    measurementType: data.account.measurementType,
    timezoneOffset: new Date(REPORTED).getTimezoneOffset(),
    lookups: data.lookups,
    viewPrivate: true,
    files: data.files,
    pictures: new Map(),
    printedBy: 'Test',
    printedAt: new Date(REPORTED),
  });
});
afterAll(async () => {
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
  await t?.close();
});

/** label → text of the viewer's fields of a section (key prefix) or of one of its cards. */
function viewerFields(sectionKey: string, card?: number): Record<string, string> {
  const section = viewer.find((s) => s.key === sectionKey);
  if (!section) throw new Error(`no viewer section ${sectionKey}`);
  const fields = card === undefined ? section.fields : (section.cards[card]?.fields ?? []);
  return Object.fromEntries(fields.map((f) => [f.label, f.text]));
}

/** label → value of the printed fields of a section (title prefix) and block. */
function printFields(titleStart: string, block = 0): Record<string, string> {
  const section = print.sections.find((s) => s.title.startsWith(titleStart));
  if (!section) throw new Error(`no printed section ${titleStart}`);
  return Object.fromEntries((section.blocks[block]?.fields ?? []).map((f) => [f.label, f.value.trim()]));
}

const pick = (fields: Record<string, string>, labels: readonly string[]) =>
  Object.fromEntries(labels.map((label) => [label, fields[label]]));

describe('the viewer and the print', () => {
  it('write the dates, the address and the names of When What Where Why identically', () => {
    const labels = [
      'Entered by',
      'Investigator',
      'Date reported',
      'Date occurred',
      'What',
      'Severity',
      'Location',
      'Address',
      'Root cause',
    ];
    const onScreen = pick(viewerFields('incident'), labels);
    expect(onScreen).toEqual(pick(printFields('When What Where Why'), labels));
    // The reader's Toronto wall clock, in the company format, with the unit before the street.
    expect(onScreen['Date reported']).toMatch(/^15\/01\/2026 06:45 PM$|^01\/15\/2026 06:45 PM$/);
    expect(onScreen['Date occurred']).toMatch(/^(14\/01\/2026|01\/14\/2026) 11:05 PM$/);
    expect(onScreen.Address).toBe(`Unit 4, 200 King Street King Street, ${refs.city.name}, Ontario M5H 1J9, Canada`);
  });

  it('write persons: name, date of birth, address, status and relation identically', () => {
    const labels = ['First name', 'Last name', 'Person status', 'Relation', 'Type', 'Date of birth', 'Location'];
    for (const n of [0, 1]) {
      expect(pick(viewerFields('persons', n), labels)).toEqual(pick(printFields('Persons', n), labels));
    }
    expect(viewerFields('persons', 1).Location).toBe(
      `Unit 12B, 101 Main Street Main Street, ${refs.city.name}, Ontario M5V 2T6, Canada`,
    );
  });

  it('write the addresses and relations of legal entities identically, the country by name', () => {
    const labels = ['Relation', 'Is owner', 'Name', 'Location'];
    for (const n of [0, 1]) {
      expect(pick(viewerFields('companies', n), labels)).toEqual(pick(printFields('Legal entities', n), labels));
    }
    expect(viewerFields('companies', 0).Location).toBe('Paris, France');
  });

  it('write money in US dollars, item status and owners identically', () => {
    const labels = ['Owner', 'Status', 'Value'];
    for (const n of [0, 1]) {
      expect(pick(viewerFields('items', n), labels)).toEqual(pick(printFields('Items', n), labels));
    }
    // The owner by the full name of its card, middle name included, as the person's own panel.
    expect(viewerFields('items', 0).Owner).toBe(viewer.find((s) => s.key === 'persons')?.cards[1]?.title);
    expect(viewerFields('items', 0).Value).toBe('$1,234.50');
    expect(viewerFields('items', 1).Value).toBe('$0.05');
    expect(pick(viewerFields('vehicles', 0), ['Owner', 'Involvement'])).toEqual(
      pick(printFields('Vehicles', 0), ['Owner', 'Involvement']),
    );
  });

  it('write the corrective action type and the closing date identically', () => {
    expect(viewerFields('correctiveActions', 0).Type).toBe(printFields('Corrective actions', 0).Type);
    expect(viewerFields('close')['Date closed']).toBe(printFields('Close information')['Date closed']);
    expect(viewerFields('close')['Date closed']).not.toBe('');
  });
});
