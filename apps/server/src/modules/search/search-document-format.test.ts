import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs } from '../../../test/fixtures/incident-fixtures';
import { group, type Headers, numbersFound } from '../../../test/fixtures/search-fixtures';
import { submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import {
  buildDocument,
  CARD_SEPARATOR,
  type DocumentCard,
  type DocumentKind,
  FIELD_SEPARATOR,
  flagWord,
  parseDocument,
  sqlFormatValues,
} from './search-document-format';

/**
 * The search documents are written by SQL (src/db/sql/search/documents.sql, filled from
 * search-document-format.ts) and read by the search's expressions (search-documents.ts): a document
 * the trigger built parses with the format module, and one the module builds is found by the search.
 */

let t: TestContext;
let company: TestCompany;
let admin: Headers;
let refs: CompanyRefs;
let incident: { id: string; number: number };

type Documents = Record<DocumentKind, string>;
const KINDS: DocumentKind[] = ['address', 'persons', 'companies', 'vehicles', 'items', 'attachments'];

async function documentsOf(id: string): Promise<Documents> {
  const result = (await t.database.system((tx) =>
    tx.execute(
      sql`select address, persons, companies, vehicles, items, attachments from incident_search where id = ${id}`,
    ),
  )) as unknown as { rows: Documents[] };
  const [row] = result.rows;
  if (!row) throw new Error('no incident_search row');
  return row;
}

/** Cards in a stable order: string_agg lists a kind's cards in no particular order. */
const sorted = <T>(cards: T[]) => [...cards].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Format Co', concurrentUserCount: 50 });
  admin = await t.signIn(company.admin);
  refs = await companyRefs(t.database, company.accountId);
  // Plain ASCII values, so the documents' folding (unaccent, lower) is lowercasing only.
  incident = await submitIncident(t, admin, refs, { persons: 3, companies: 1 }, (fields) => ({
    ...fields,
    location: { ...fields.location, unit: '4', address: '200 King Street', street: 'King Street', cityName: 'Toronto' },
    companies: fields.companies.map((card) => ({ ...card, isOwner: true })),
  }));
  await t.database.system((tx) =>
    tx.execute(sql`insert into attachments (account_id, incident_id, name, file_key, file_name, file_type, file_size, attachment_type)
      values (${company.accountId}, ${incident.id}, 'Dashcam', 'format-test-key', 'clip-0042.mp4', 'video/mp4', 1, 'file')`),
  );
});
afterAll(() => t.close());

describe('the search document format is one, for the SQL that writes documents and the search that reads them', () => {
  it('fills the SQL templates with the separators and flag words of the module', () => {
    expect(CARD_SEPARATOR.codePointAt(0)).toBe(30);
    expect(FIELD_SEPARATOR.codePointAt(0)).toBe(31);
    expect(sqlFormatValues()).toMatchObject({
      CARD: 'chr(30)',
      FIELD: 'chr(31)',
      FLAG_VICTIM: `'${flagWord('VICTIM')}'`,
    });
  });

  it('a document the SQL trigger built parses with the module, card by card and field by field', async () => {
    const documents = await documentsOf(incident.id);
    expect(parseDocument('address', documents.address)).toEqual([
      { flags: [], fields: { unit: '4', address: '200 king street', street: 'king street', cityName: 'toronto' } },
    ]);
    // The fixture's person n: employee when n is even, reporter when 0, victim when 1, suspect above 1, always a witness.
    expect(sorted(parseDocument('persons', documents.persons))).toEqual(
      sorted([
        {
          flags: ['employee', 'REPORTER', 'WITNESS'],
          fields: { firstName: 'first0', middleName: 'q', lastName: 'last0' },
        },
        { flags: ['VICTIM', 'WITNESS'], fields: { firstName: 'first1', middleName: 'q', lastName: 'last1' } },
        {
          flags: ['employee', 'SUSPECT', 'WITNESS'],
          fields: { firstName: 'first2', middleName: 'q', lastName: 'last2' },
        },
      ]),
    );
    expect(parseDocument('companies', documents.companies)).toEqual([
      { flags: ['owner', 'VICTIM'], fields: { name: 'acme supplies 0' } },
    ]);
    expect(parseDocument('vehicles', documents.vehicles)).toEqual([
      {
        flags: [],
        fields: { licensePlate: 'abc 100', stateProvince: 'ontario', maker: 'ford', model: 'transit', color: 'white' },
      },
    ]);
    expect(parseDocument('items', documents.items)).toEqual([
      { flags: [], fields: { name: 'item 0', brand: 'sony', model: 'wh-1000', color: 'black', serialNumber: 'sn-0' } },
    ]);
    expect(parseDocument('attachments', documents.attachments)).toEqual([
      { flags: [], fields: { name: 'dashcam clip-0042.mp4' } },
    ]);
    // And the module writes each of them exactly as the SQL did.
    for (const kind of KINDS) expect(buildDocument(kind, parseDocument(kind, documents[kind]))).toBe(documents[kind]);
  });

  it('a document the module built is found by the search as one the trigger built', async () => {
    const person = (lastName: string, flags: DocumentCard<'persons'>['flags']): DocumentCard<'persons'> => ({
      flags,
      fields: { firstName: 'ada', middleName: '', lastName },
    });
    const persons = buildDocument('persons', [
      person('zyxwright', ['employee', 'VICTIM']),
      person('zyxmoss', ['SUBJECT']),
    ]);
    const vehicles = buildDocument('vehicles', [
      {
        flags: [],
        fields: { licensePlate: 'zyx 999', stateProvince: 'quebec', maker: 'volvo', model: 'v70', color: 'red' },
      },
    ]);
    await t.database.system((tx) =>
      tx.execute(
        sql`update incident_search set persons = ${persons}, vehicles = ${vehicles} where id = ${incident.id}`,
      ),
    );
    const found = (criteria: Parameters<typeof numbersFound>[2]) => numbersFound(t, admin, criteria);
    expect(
      await found({ person: group([{ lastName: 'zyxwright', isEmployee: true, relations: ['VICTIM'] }]) }),
    ).toEqual([incident.number]);
    // Flags and fields are those of one card: the subject is not the victim, nor an employee.
    expect(await found({ person: group([{ lastName: 'zyxmoss', relations: ['VICTIM'] }]) })).toEqual([]);
    expect(await found({ person: group([{ lastName: 'zyxmoss', isEmployee: true }]) })).toEqual([]);
    expect(await found({ person: group([{ lastName: 'zyxmoss', relations: ['SUBJECT'] }]) })).toEqual([
      incident.number,
    ]);
    // Fields in the module's order: the maker is the third field, not the second.
    expect(await found({ vehicle: group([{ maker: 'volvo', color: 'red' }]) })).toEqual([incident.number]);
    expect(await found({ vehicle: group([{ stateProvince: 'volvo' }]) })).toEqual([]);
  });
});
