import { randomUUID } from 'node:crypto';
import { type IncidentFields, TIMEZONE_HEADER } from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLogo } from '../../../test/company-logo';
import { type CompanyRefs, companyRefs, incidentForm } from '../../../test/fixtures/incident-fixtures';
import { pdfText, pdfWords } from '../../../test/pdf-text';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts, auditEntries, incidents } from '../../db/schema/index';
import { accountFolder } from '../../platform/storage';
import { pictureFolder } from '../incidents/incident-fields';

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let refs: CompanyRefs;
let staffHeaders: Record<string, string>;
let adminHeaders: Record<string, string>;
/** Entered by staff (MYINCIDENT_PRINT, no PRIVACY_INFO_VIEW). */
let staffIncident: { id: string; number: number };
/** Entered by the admin. */
let adminIncident: { id: string; number: number };

const print = (id: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: `/api/incidents/${id}/print`, headers });

async function submit(headers: Record<string, string>, form: IncidentFields) {
  const response = await t.inject({ method: 'POST', url: '/api/incidents', headers, payload: form });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; number: number }>();
}

const setIncident = (id: string, values: Partial<typeof incidents.$inferInsert>) =>
  t.database.system((tx) => tx.update(incidents).set(values).where(eq(incidents.id, id)));

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Print Co' });
  other = await t.createCompany({ name: 'Other Co' });
  refs = await companyRefs(t.database, company.accountId);
  staffHeaders = await t.signIn(company.staff);
  adminHeaders = await t.signIn(company.admin);
  staffIncident = await submit(staffHeaders, incidentForm(refs, { persons: 2 }));
  adminIncident = await submit(adminHeaders, incidentForm(refs));
});
afterAll(() => t.close());

describe('GET /api/incidents/:id/print', () => {
  it('answers 401 without a session', async () => {
    const response = await print(staffIncident.id);
    expect(response.statusCode).toBe(401);
    expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED');
  });

  it('answers 400 to an id that is not one', async () => {
    const response = await print('not-an-id', staffHeaders);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
  });

  it("answers a PDF of one's own incident with MYINCIDENT_PRINT, private person details masked", async () => {
    const response = await print(staffIncident.id, staffHeaders);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="incident-${staffIncident.number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`Incident #${staffIncident.number}`);
    expect(text).toContain('Print Co');
    expect(text).toContain('First0 Q Last0');
    expect(text).toContain('First1 Q Last1');
    expect(text).toContain('Persons (2)');
    expect(text).toContain('Hidden');
    expect(text).not.toContain('person0@example.com');
    expect(text).not.toContain('416-555-0100');
    expect(await pdfWords(response.rawPayload)).not.toContain('101 Main Street');
  });

  it('prints the private details for a holder of PRIVACY_INFO_VIEW (admin)', async () => {
    const response = await print(staffIncident.id, adminHeaders);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('person0@example.com');
    expect(text).toContain('416-555-0100');
    expect(await pdfWords(response.rawPayload)).toContain('101 Main Street');
    expect(text).not.toContain('Hidden');
  });

  it("answers 404 'Incident not found.' to staff for another's incident they cannot see", async () => {
    const response = await print(adminIncident.id, staffHeaders);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Incident not found.' });
  });

  it("answers 403 to staff who see another's incident as its investigator but may print only their own", async () => {
    const investigated = await submit(adminHeaders, { ...incidentForm(refs), assignedUserId: company.staff.id });
    const response = await print(investigated.id, staffHeaders);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
  });

  it("answers 403 to MYINCIDENT_PRINT with ALLINCIDENT_SEARCH for another's incident, 200 with ALLINCIDENT_PRINT", async () => {
    const searcher = await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH', 'MYINCIDENT_PRINT'] });
    const refused = await print(adminIncident.id, await t.signIn(searcher));
    expect(refused.statusCode).toBe(403);
    const printer = await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_PRINT'] });
    const allowed = await print(adminIncident.id, await t.signIn(printer));
    expect(allowed.statusCode).toBe(200);
  });

  it('answers 403 to a user who may see incidents but holds no print privilege', async () => {
    const viewer = await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH', 'PRIVACY_INFO_VIEW'] });
    const response = await print(adminIncident.id, await t.signIn(viewer));
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
  });

  it("answers 404 to another company's admin, like an id that does not exist, and audits nothing", async () => {
    const foreign = await print(staffIncident.id, await t.signIn(other.admin));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Incident not found.' });
    const unknown = await print(randomUUID(), adminHeaders);
    expect(unknown.json()).toEqual(foreign.json());
    const audits = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.accountId, other.accountId), eq(auditEntries.transactionType, 'PRINT'))),
    );
    expect(audits).toHaveLength(0);
  });

  it('answers 404 for a locked incident without INCIDENT_LOCK, and prints it as Locked with it', async () => {
    const locked = await submit(staffHeaders, incidentForm(refs));
    await setIncident(locked.id, { locked: true, status: 2 });
    const hidden = await print(locked.id, staffHeaders);
    expect(hidden.statusCode).toBe(404);
    const shown = await print(locked.id, adminHeaders);
    expect(shown.statusCode).toBe(200);
    expect(await pdfText(shown.rawPayload)).toContain('Closed · Locked');
  });

  it('writes an INCIDENT / PRINT audit entry for the user', async () => {
    const printed = await submit(staffHeaders, incidentForm(refs));
    const before = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.objectId, printed.id), eq(auditEntries.transactionType, 'PRINT'))),
    );
    expect(before).toHaveLength(0);
    expect((await print(printed.id, staffHeaders)).statusCode).toBe(200);
    const after = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.objectId, printed.id), eq(auditEntries.transactionType, 'PRINT'))),
    );
    expect(after).toEqual([
      expect.objectContaining({
        accountId: company.accountId,
        objectType: 'INCIDENT',
        objectName: `#${printed.number}`,
        createUserId: company.staff.id,
      }),
    ]);
  });

  it('prints the close information of a closed incident', async () => {
    const closed = await submit(staffHeaders, incidentForm(refs));
    await setIncident(closed.id, {
      status: 2,
      close: {
        closedBy: 'OTHER',
        closeUserId: null,
        closeUserName: '',
        closeFirstName: 'Olga',
        closeMiddleName: '',
        closeLastName: 'Constable',
        closeAlias: '',
        closePosition: 'Sergeant',
        closeDepartment: 'Patrol',
        closeEmail: '',
        closePhone: '',
        closeMobilePhone: '',
        closeComments: 'Suspect charged.',
        closeCommentsText: 'Suspect charged.',
        closeDate: new Date().toISOString(),
      },
    });
    const text = await pdfText((await print(closed.id, staffHeaders)).rawPayload);
    expect(text).toContain('Close information');
    expect(text).toContain('Olga Constable');
    expect(text).toContain('Suspect charged.');
  });

  it("embeds the company logo and the persons' pictures", async () => {
    const logoKey = `${accountFolder(company.accountId)}/logos/logo.webp`;
    const logo = await sharp({ create: { width: 300, height: 120, channels: 4, background: '#0d3b66' } })
      .webp()
      .toBuffer();
    await setCompanyLogo(t, company.accountId, logoKey, logo);
    const pictureKey = `${pictureFolder(company.accountId)}${randomUUID()}.jpg`;
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3333' } })
      .jpeg()
      .toBuffer();
    await t.storage.put(pictureKey, picture);
    const form = incidentForm(refs);
    const person = form.persons[0];
    if (!person) throw new Error('no person');
    form.persons[0] = { ...person, personPicture: pictureKey };
    const pictured = await submit(staffHeaders, form);
    try {
      const response = await print(pictured.id, staffHeaders);
      expect(response.statusCode).toBe(200);
      const images = response.rawPayload.toString('latin1').match(/\/Subtype \/Image/g) ?? [];
      // The logo (a PNG with transparency adds a soft mask) and the JPEG picture.
      expect(images.length).toBeGreaterThanOrEqual(2);
      expect(await pdfText(response.rawPayload)).toContain('Print Co');
    } finally {
      await t.database.system((tx) =>
        tx.update(accounts).set({ logoImage: null }).where(eq(accounts.id, company.accountId)),
      );
    }
  });

  it('prints names and texts in Vietnamese, Polish, Greek and Cyrillic as typed', async () => {
    const form = incidentForm(refs, { persons: 4 });
    const names = [
      { firstName: 'Nguyễn', middleName: 'Thị', lastName: 'Hồng', alias: 'Trần' },
      { firstName: 'Łukasz', middleName: '', lastName: 'Śmiałek', alias: 'Łukasz' },
      { firstName: 'Γιώργος', middleName: '', lastName: 'Παπαδόπουλος', alias: 'Παπαδόπουλος' },
      { firstName: 'Иван', middleName: '', lastName: 'Смирнов', alias: 'Смирнов' },
    ];
    form.persons = form.persons.map((person, n) => ({
      ...person,
      ...names[n],
      comments: 'Bà Trần đã thấy Смирнов và Παπαδόπουλος ở cửa.',
    }));
    form.summary = '<p>Nguyễn Thị Hồng báo cáo rằng cửa phía đông bị mở; Łukasz đã gọi bảo vệ.</p>';
    const written = await submit(adminHeaders, form);
    const response = await print(written.id, adminHeaders);
    expect(response.statusCode).toBe(200);
    const lines = (await pdfText(response.rawPayload)).split('\n');
    // The person headings (bold) and aliases (regular), each a line of its own, exactly.
    for (const heading of ['Nguyễn Thị Hồng', 'Łukasz Śmiałek', 'Γιώργος Παπαδόπουλος', 'Иван Смирнов']) {
      expect(lines).toContain(heading);
    }
    for (const alias of ['Trần', 'Łukasz', 'Παπαδόπουλος', 'Смирнов']) expect(lines).toContain(alias);
    const words = await pdfWords(response.rawPayload);
    expect(words).toContain('Nguyễn Thị Hồng báo cáo rằng cửa phía đông bị mở; Łukasz đã gọi bảo vệ.');
    expect(words.match(/Bà Trần đã thấy Смирнов và Παπαδόπουλος ở cửa\./g)).toHaveLength(4);
    expect(words).not.toContain('?');
  });

  it("prints times in the reader's time zone (x-timezone-offset)", async () => {
    const form = {
      ...incidentForm(refs),
      reportedDate: '2024-03-01T15:30:00.000Z',
      occurredDate: '2024-03-01T14:05:00.000Z',
    };
    const dated = await submit(staffHeaders, form);
    const toronto = await pdfText((await print(dated.id, { ...staffHeaders, [TIMEZONE_HEADER]: '300' })).rawPayload);
    expect(toronto).toContain('01/03/2024 10:30 AM');
    const utc = await pdfText((await print(dated.id, { ...staffHeaders, [TIMEZONE_HEADER]: '0' })).rawPayload);
    expect(utc).toContain('01/03/2024 03:30 PM');
  });
});
