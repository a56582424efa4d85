import { CSV_BOM } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCard, companyRefs, personCard } from '../../../test/fixtures/incident-fixtures';
import { group, type Headers } from '../../../test/fixtures/search-fixtures';
import { submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { EXPORT_BATCH } from './search-export';

/**
 * The export's card columns, read a grouped query per card table for a whole batch and put on their
 * rows in the server (search-export-rows.ts): the file must read exactly as each incident's cards
 * are, in form order, whatever the other incidents of the batch hold.
 */
let t: TestContext;
let company: TestCompany;
let admin: Headers;
let names: Record<string, string>;
const everything = { status: group([{ status: 1 as const }, { status: 2 as const }]) };
const COLUMNS = [
  'number',
  'persons',
  'legalEntities',
  'vehicles',
  'items',
  'correctiveActions',
  'what',
  'severity',
  'location',
  'enteredBy',
  'assignedTo',
  'status',
  'summary',
];

const exportText = (headers: Headers) =>
  t.inject({
    method: 'POST',
    url: '/api/incidents/search/export',
    headers: { ...headers, 'x-timezone-offset': '300' },
    payload: { criteria: everything, columns: COLUMNS, title: 'Cards' },
  });

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Export Cards Co' });
  admin = await t.signIn(company.admin);
  const refs = await companyRefs(t.database, company.accountId);
  // 1: every kind of card, several of each, with names that are cut short, accented, need quoting or look like formulas.
  await submitIncident(
    t,
    admin,
    refs,
    { persons: 3, companies: 2, vehicles: 2, items: 3, correctiveActions: 3, summaryLength: 39 },
    (fields) => ({
      ...fields,
      persons: [
        fields.persons[0] ?? personCard(refs, 0),
        { ...(fields.persons[1] ?? personCard(refs, 1)), firstName: 'Jo', lastName: '' },
        { ...(fields.persons[2] ?? personCard(refs, 2)), firstName: 'Thị', lastName: 'Trần' },
      ],
      companies: [
        { ...(fields.companies[0] ?? companyCard(refs, 0)), name: '=Acme, "North"' },
        fields.companies[1] ?? companyCard(refs, 1),
      ],
      vehicles: fields.vehicles.map((vehicle, n) => (n === 1 ? { ...vehicle, licensePlate: ' ' } : vehicle)),
    }),
  );
  // 2: no card at all.
  await submitIncident(
    t,
    admin,
    refs,
    { persons: 0, companies: 0, vehicles: 0, items: 0, correctiveActions: 0, summaryLength: 19 },
    (fields) => ({ ...fields, vehicles: [], items: [], correctiveActions: [] }),
  );
  // 3: one card of each kind, the action of the referred type.
  await submitIncident(
    t,
    admin,
    refs,
    { persons: 1, companies: 1, vehicles: 1, items: 1, correctiveActions: 2, summaryLength: 19 },
    (fields) => ({ ...fields, correctiveActions: fields.correctiveActions.slice(1) }),
  );
  const rows = await t.database.system(async (tx) => {
    const lookups = (await tx.execute(
      sql`select id, name from lookups where account_id = ${company.accountId}`,
    )) as unknown as { rows: { id: string; name: string }[] };
    const users = (await tx.execute(
      sql`select id, first_name || ' ' || last_name as name from users where id = ${company.admin.id}`,
    )) as unknown as { rows: { id: string; name: string }[] };
    return [...lookups.rows, ...users.rows];
  });
  names = Object.fromEntries(rows.map((row) => [row.id, row.name]));
  names.class = names[refs.incidentClass] ?? '';
  names.severity = names[refs.severityType] ?? '';
  names.location = names[refs.location] ?? '';
  names.action = names[refs.correctiveActionType] ?? '';
  names.referred = names[refs.referredType] ?? '';
  names.admin = names[company.admin.id] ?? '';
});
afterAll(() => t.close());

describe('POST /api/incidents/search/export: the card columns', () => {
  it('writes each incident with its own cards of every kind, in form order, whatever the batch holds', async () => {
    expect(EXPORT_BATCH).toBeGreaterThan(3);
    for (const key of ['class', 'severity', 'location', 'action', 'referred', 'admin'])
      expect(names[key]).toMatch(/\S/);
    const response = await exportText(admin);
    expect(response.statusCode).toBe(200);
    const summary = (length: number) =>
      'The suspect entered through the east door and left with merchandise. '.slice(0, length);
    const common = `${names.class},${names.severity},${names.location},${names.admin},Not assigned,Open`;
    expect(response.body).toBe(
      [
        `${CSV_BOM}Number,Persons,Legal entities,Vehicles,Items,Corrective actions,What,Severity,Location,Entered by,Assigned to,Status,Summary`,
        `3,First0 Last0,Acme Supplies 0,ABC 100,Item 0,${names.referred},${common},${summary(19)}`,
        `2,,,,,,${common},${summary(19)}`,
        // A name without a last name is not padded, a vehicle without a plate reads its make and model;
        // two actions of one type read as one name; a cell with a comma or quote is quoted, one like a
        // formula made text.
        `1,"First0 Last0, Jo, Thị Trần","'=Acme, ""North"", Acme Supplies 1","ABC 100, Ford Transit","Item 0, Item 1, Item 2","${names.action}, ${names.referred}",${common},${summary(39)}`,
        '',
      ].join('\r\n'),
    );
  });

  it('shows a user without PRIVACY_INFO_VIEW the same names, and nothing of the persons beyond them', async () => {
    const reader = await t.signIn(await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH'] }));
    const [full, restricted] = await Promise.all([exportText(admin), exportText(reader)]);
    expect(restricted.statusCode).toBe(200);
    expect(restricted.body).toBe(full.body);
    // The fixtures' private person fields (phone, email, address, birth date) appear nowhere.
    for (const hidden of ['416-555-0100', 'person0@example.com', 'Main Street', '1980']) {
      expect(restricted.body).not.toContain(hidden);
    }
  });
});
