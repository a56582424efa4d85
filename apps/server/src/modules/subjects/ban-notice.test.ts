import { randomUUID } from 'node:crypto';
import type { Ban, BanInput, Page, Person, SubjectRow } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLogo } from '../../../test/company-logo';
import { type CompanyRefs, companyRefs, incidentForm } from '../../../test/fixtures/incident-fixtures';
import { pdfText, pdfWords } from '../../../test/pdf-text';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accountFolder } from '../../platform/storage';
import { pictureFolder } from '../incidents/incident-fields';
import { NOTICE_MESSAGES } from './ban-notice';
import { EXPIRED_MESSAGE } from './bans.service';

/*
 * Issue 31, the printable notice of a ban or trespass notice: what it says (company, subject with
 * photo, locations by path, period in the company's date format, reason, terms, issuer, signature
 * lines), the privacy of a person's details, SUBJECT_VIEW, 404 across companies, the refusal of a
 * watch, and the audit entry of each print.
 */

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let refs: CompanyRefs;
let admin: Record<string, string>;
let personId = '';
let vehicleId = '';
let pictureKey = '';
/** The register card's photo as stored: pdfkit embeds a JPEG as it is, so the PDF holds these bytes. */
let photo = Buffer.alloc(0);
const tree = { northMall: '', store12: '' };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.inject({ method, url: `/api${url}`, headers, payload: payload as Record<string, unknown> | undefined });

const print = (banId: string, headers: Record<string, string> = admin) =>
  t.inject({ method: 'GET', url: `/api/subjects/bans/${banId}/print`, headers });

async function created(payload: BanInput, subject = `person/${personId}`): Promise<Ban> {
  const r = await call('POST', `/subjects/${subject}/bans`, payload);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<Ban>();
}

const printAudits = (banId: string) =>
  t.database.system(async (tx) =>
    rowsOf<{ object_data: Record<string, unknown> }>(
      await tx.execute(sql`select object_data from audit_entries
        where object_type = 'SUBJECT' and transaction_type = 'PRINT' and object_id = ${banId}`),
    ),
  );

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Notice Co', concurrentUserCount: 50 });
  other = await t.createCompany({ name: 'Other Co' });
  refs = await companyRefs(t.database, company.accountId);
  admin = await t.signIn(company.admin);
  await t.database.system((tx) => tx.execute(sql`update accounts set date_format = 1 where id = ${company.accountId}`));
  pictureKey = `${pictureFolder(company.accountId)}${randomUUID()}.jpg`;
  photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3333' } })
    .jpeg()
    .toBuffer();
  await t.storage.put(pictureKey, photo);
  const form = incidentForm(refs, { persons: 1, vehicles: 1 });
  const [person] = form.persons;
  if (!person) throw new Error('no person');
  form.persons = [
    { ...person, firstName: 'Dana', middleName: '', lastName: 'Rowe', alias: 'Dee', personPicture: pictureKey },
  ];
  const incident = await call('POST', '/incidents', form);
  expect(incident.statusCode, incident.body).toBe(200);
  const persons = (await call('GET', `/incidents/${incident.json<{ id: string }>().id}/persons`)).json<Person[]>();
  personId = persons[0]?.personId ?? '';
  const vehicles = (await call('GET', '/subjects?kind=vehicle')).json<Page<SubjectRow>>();
  vehicleId = vehicles.items[0]?.id ?? '';
  expect(vehicleId).not.toBe('');
  await t.database.system(async (tx) => {
    const add = async (name: string, parentId: string | null, level: number) =>
      rowsOf<{ id: string }>(
        await tx.execute(sql`insert into lookups (account_id, type, name, parent_id, level)
          values (${company.accountId}, 'location', ${name}, ${parentId}, ${level}) returning id`),
      )[0]?.id ?? '';
    tree.northMall = await add('North Mall', null, 1);
    tree.store12 = await add('Store 12', tree.northMall, 2);
  });
});
afterAll(() => t.close());

describe('GET /api/subjects/bans/:id/print', () => {
  it('answers 401 without a session and 400 to an id that is not one', async () => {
    expect((await print(randomUUID(), {})).statusCode).toBe(401);
    const bad = await print('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
  });

  it('prints a trespass notice with the company, the subject, the locations by path, the period, reason, terms and signature lines', async () => {
    const logoKey = `${accountFolder(company.accountId)}/logos/logo.png`;
    await setCompanyLogo(
      t,
      company.accountId,
      logoKey,
      await sharp({ create: { width: 300, height: 120, channels: 4, background: '#0d3b66' } })
        .png()
        .toBuffer(),
    );
    const ban = await created({
      banType: 'trespass',
      reason: 'Shoplifting at Store 12, twice.',
      locationIds: [tree.store12],
      startDate: '2026-11-01',
      endDate: null,
    });
    const response = await print(ban.id);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="trespass-notice-2026-11-01.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = await pdfText(response.rawPayload);
    const words = await pdfWords(response.rawPayload);
    expect(text).toContain('Notice Co');
    expect(text).toContain('Trespass notice');
    expect(text).toContain('Dana Rowe');
    expect(text).toContain('Dee');
    expect(text).toContain('North Mall / Store 12');
    // The company's date format is MM/DD/YYYY.
    expect(words).toContain('From 11/01/2026 until further notice');
    expect(words).toContain('Shoplifting at Store 12, twice.');
    expect(words).toContain(
      'Dana Rowe is forbidden to enter or remain on the locations listed above, including every place within them, from 11/01/2026 until further notice.',
    );
    expect(words).toContain('may be treated as trespassing');
    expect(words).toMatch(/Issued by .+ on \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain('Signature of the subject');
    expect(text).toContain('Signature of the officer');
    expect(text).toContain('Name of the officer');
    expect(text).toContain('The subject refused to sign.');
    // The logo (an image and its alpha mask) and the person's photo from the register card.
    const images = response.rawPayload.toString('latin1').match(/\/Subtype \/Image/g) ?? [];
    expect(images).toHaveLength(3);
    expect(response.rawPayload.includes(photo)).toBe(true);
    // The admin holds PRIVACY_INFO_VIEW: date of birth and address are printed, and the audit says so.
    expect(text).toContain('02/29/1980');
    expect(words).toContain('100 Main Street');
    expect(await printAudits(ban.id)).toEqual([
      { object_data: { subjectKind: 'person', subjectId: personId, privateDetails: true } },
    ]);
  });

  it('leaves a person’s private details off the notice without PRIVACY_INFO_VIEW', async () => {
    const ban = await created({
      banType: 'ban',
      reason: 'Threatened staff',
      startDate: '2026-10-01',
      endDate: '2027-03-12',
    });
    const viewer = await t.createUser(company.accountId, { privileges: ['SUBJECT_VIEW'] });
    const response = await print(ban.id, await t.signIn(viewer));
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    const words = await pdfWords(response.rawPayload);
    expect(text).toContain('Ban notice');
    expect(text).toContain('Dana Rowe');
    expect(words).toContain('From 10/01/2026 until 03/12/2027');
    expect(words).toContain('Dana Rowe is banned from every location of Notice Co from 10/01/2026 until 03/12/2027.');
    expect(text).not.toContain('02/29/1980');
    expect(text).not.toContain('Date of birth');
    expect(words).not.toContain('Main Street');
    expect(words).not.toContain('416-555');
    expect(words).not.toContain('@example.com');
    expect(text).not.toContain('Hidden');
    expect(await printAudits(ban.id)).toEqual([
      { object_data: { subjectKind: 'person', subjectId: personId, privateDetails: false } },
    ]);
  });

  it('answers 403 without SUBJECT_VIEW', async () => {
    const ban = await created({ banType: 'ban', reason: 'No view', startDate: '2026-10-01' });
    const plain = await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH', 'PRIVACY_INFO_VIEW'] });
    const response = await print(ban.id, await t.signIn(plain));
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
    expect(await printAudits(ban.id)).toEqual([]);
  });

  it("answers 404 to another company's admin like a ban that does not exist, and audits nothing", async () => {
    const ban = await created({ banType: 'trespass', reason: 'Foreign', startDate: '2026-10-01' });
    const foreign = await print(ban.id, await t.signIn(other.admin));
    expect(foreign.statusCode).toBe(404);
    const missing = await print(randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Ban not found.' });
    expect(await printAudits(ban.id)).toEqual([]);
  });

  it('refuses a watch, which is for staff only (400)', async () => {
    const ban = await created({ banType: 'watch', reason: 'Seen near the tills', startDate: '2026-10-01' });
    const response = await print(ban.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: NOTICE_MESSAGES.watch });
    expect(await printAudits(ban.id)).toEqual([]);
  });

  it('says when a notice is revoked or expired', async () => {
    const revoked = await created({ banType: 'trespass', reason: 'Revoked one', startDate: '2026-01-01' });
    expect((await call('DELETE', `/subjects/bans/${revoked.id}`)).statusCode).toBe(204);
    expect(await pdfWords((await print(revoked.id)).rawPayload)).toMatch(
      /Revoked on \d{2}\/\d{2}\/\d{4}: no longer in force/,
    );
    const expired = await created({
      banType: 'ban',
      reason: 'Expired one',
      startDate: '2020-01-01',
      endDate: '2020-06-30',
    });
    expect(await pdfWords((await print(expired.id)).rawPayload)).toContain('Expired on 06/30/2020: no longer in force');
    const active = await pdfWords(
      (await print((await created({ banType: 'ban', reason: 'Active one', startDate: '2026-01-01' })).id)).rawPayload,
    );
    expect(active).not.toContain('no longer in force');
  });

  it('prints a vehicle by plate and province or state, with the terms for its driver and occupants', async () => {
    const ban = await created(
      { banType: 'trespass', reason: 'Seen at every break-in', locationIds: [tree.northMall], startDate: '2026-11-01' },
      `vehicle/${vehicleId}`,
    );
    const response = await print(ban.id);
    expect(response.statusCode).toBe(200);
    const words = await pdfWords(response.rawPayload);
    const detail = (await call('GET', `/subjects/vehicle/${vehicleId}`)).json<{ displayName: string }>();
    expect(words).toContain(detail.displayName);
    expect(words).toContain('North Mall');
    expect(words).toContain(`The vehicle ${detail.displayName}, its driver and its occupants are forbidden to enter`);
    expect(words).toContain('Signature of the driver or owner');
  });
});

describe('PUT /api/subjects/bans/:id of a ban that has ended', () => {
  it('refuses an expired ban (400), which stays in the history as it was, and writes no audit entry', async () => {
    const body = { banType: 'ban', reason: 'Ended', locationIds: [], startDate: '2020-01-01', endDate: '2020-06-30' };
    const expired = await created(body as BanInput);
    expect(expired.status).toBe('expired');
    const refused = await call('PUT', `/subjects/bans/${expired.id}`, { ...body, endDate: '2031-06-30' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'BAD_REQUEST', message: EXPIRED_MESSAGE });
    const updates = await t.database.system(async (tx) =>
      rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from audit_entries
          where object_id = ${expired.id} and transaction_type = 'BAN_UPDATE'`),
      ),
    );
    expect(updates[0]?.n).toBe(0);
    // An upcoming one may still change.
    const upcoming = await created({ ...body, startDate: '2031-01-01', endDate: null } as BanInput);
    const changed = await call('PUT', `/subjects/bans/${upcoming.id}`, {
      ...body,
      startDate: '2031-01-01',
      endDate: '2031-12-31',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Ban>().endDate).toBe('2031-12-31');
  });
});

describe('PUT /api/subjects/bans/:id of a ban whose location has left the tree', () => {
  it('keeps a location deleted from the tree since, while a new one must still be live', async () => {
    const gone = await t.database.system(
      async (tx) =>
        rowsOf<{ id: string }>(
          await tx.execute(sql`insert into lookups (account_id, type, name, parent_id, level)
            values (${company.accountId}, 'location', 'Kiosk 3', ${tree.northMall}, 2) returning id`),
        )[0]?.id ?? '',
    );
    const body = {
      banType: 'trespass',
      reason: 'Kiosk thefts',
      locationIds: [gone, tree.store12],
      startDate: '2026-11-01',
    };
    const ban = await created(body as BanInput);
    expect((await call('DELETE', `/lookupMultiples/${gone}`)).statusCode).toBe(204);

    // The store extends the notice as Edit sends it: the same locations, a new end date.
    const changed = await call('PUT', `/subjects/bans/${ban.id}`, { ...body, endDate: '2031-06-30' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Ban>()).toMatchObject({ locationIds: [gone, tree.store12], endDate: '2031-06-30' });
    expect(await pdfWords((await print(ban.id)).rawPayload)).toContain('North Mall / Kiosk 3');

    // A deleted location the ban did not cover cannot be added.
    const other = await created({
      banType: 'ban',
      reason: 'Elsewhere',
      locationIds: [tree.store12],
      startDate: '2026-11-01',
    });
    const refused = await call('PUT', `/subjects/bans/${other.id}`, {
      banType: 'ban',
      reason: 'Elsewhere',
      locationIds: [tree.store12, gone],
      startDate: '2026-11-01',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'BAD_REQUEST', message: 'Unknown location.' });
  });
});

describe('the photo on a printed notice', () => {
  it("prints only a photo of the company's own picture folder", async () => {
    // A register card naming a file of another company (as an old import or a forged save could).
    const foreignKey = `${pictureFolder(other.accountId)}${randomUUID()}.jpg`;
    const foreign = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#33aa33' } })
      .jpeg()
      .toBuffer();
    await t.storage.put(foreignKey, foreign);
    const ban = await created({ banType: 'ban', reason: 'Photo check', startDate: '2026-11-01' });
    const own = await print(ban.id);
    expect(own.rawPayload.includes(photo)).toBe(true);
    await t.database.system((tx) =>
      tx.execute(sql`update parties set data = jsonb_set(data, '{personPicture}', to_jsonb(${foreignKey}::text))
        where id = ${personId}`),
    );
    try {
      const response = await print(ban.id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.includes(foreign)).toBe(false);
      expect(await pdfText(response.rawPayload)).toContain('Dana Rowe');
    } finally {
      await t.database.system((tx) =>
        tx.execute(sql`update parties set data = jsonb_set(data, '{personPicture}', to_jsonb(${pictureKey}::text))
          where id = ${personId}`),
      );
    }
  });
});
