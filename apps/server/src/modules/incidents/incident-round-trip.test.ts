import type { Draft, IncidentFields } from '@blotter/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs, largeIncidentForm } from '../../../test/fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import {
  attachments,
  auditEntries,
  draftIncidents,
  incidentHistory,
  incidentItems,
  incidentPersons,
  incidents,
  parties,
} from '../../db/schema/index';
import type { IncidentSnapshot } from './changes/record-incident-change';

let t: TestContext;
let company: TestCompany;
let refs: CompanyRefs;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Round Trip Co' });
  refs = await companyRefs(t.database, company.accountId);
  headers = await t.signIn(company.staff);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** An uploaded file of a draft, as the upload route leaves it (no creation date yet). */
async function uploadTo(draftId: string, name: string) {
  const fileKey = `test/${draftId}/${name}`;
  t.storage.files.set(fileKey, Buffer.from(name));
  const [row] = await t.database.system((tx) =>
    tx
      .insert(attachments)
      .values({
        accountId: company.accountId,
        draftId,
        name,
        fileKey,
        fileName: `${name}.txt`,
        fileType: 'text/plain',
        fileSize: name.length,
        attachmentType: 'TXT',
        uploadedBy: company.staff.id,
      })
      .returning({ id: attachments.id }),
  );
  if (!row) throw new Error('no attachment');
  return { id: row.id, fileKey };
}

describe('draft → save → submit → open-draft → edit → save incident', () => {
  it('keeps every part in order and records CREATE then EDIT with full snapshots', async () => {
    // 1. A new draft, saved with a large form and two uploaded files (one dropped before submit).
    const created = await call('POST', '/api/draftIncidents', {});
    expect(created.statusCode).toBe(200);
    const draft = created.json<Draft>();
    const form = largeIncidentForm(refs);
    const kept = await uploadTo(draft.id, 'kept');
    const dropped = await uploadTo(draft.id, 'dropped');
    const firstItem = form.items[0]?.id ?? null;
    form.attachments = [
      { id: kept.id, name: 'CCTV still', comments: 'Camera 3', incidentItemId: firstItem, incidentVehicleId: null },
    ];
    form.summary += '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const saved = await call('PUT', '/api/draftIncidents', { id: draft.id, data: form });
    expect(saved.statusCode).toBe(200);
    const reread = (await call('GET', `/api/draftIncidents/${draft.id}`)).json<Draft>();
    expect(reread.data.persons.map((p) => p.id)).toEqual(form.persons.map((p) => p.id));
    expect(reread.data.summary).not.toMatch(/script|onerror|<img/);

    // 2. Submit from the draft.
    const submitted = await call('POST', '/api/incidents', { ...reread.data, draftId: draft.id });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { id, number } = submitted.json<{ id: string; number: number }>();
    expect(number).toBe(1);
    expect((await call('GET', `/api/draftIncidents/${draft.id}`)).statusCode).toBe(404);
    expect(t.storage.files.has(dropped.fileKey)).toBe(false);
    expect(t.storage.files.has(kept.fileKey)).toBe(true);
    const stored = await t.database.system(async (tx) => ({
      incident: (await tx.select().from(incidents).where(eq(incidents.id, id)))[0],
      persons: await tx
        .select()
        .from(incidentPersons)
        .where(eq(incidentPersons.incidentId, id))
        .orderBy(asc(incidentPersons.position)),
      items: await tx.select().from(incidentItems).where(eq(incidentItems.incidentId, id)),
      files: await tx.select().from(attachments).where(eq(attachments.accountId, company.accountId)),
      register: await tx.select().from(parties).where(eq(parties.accountId, company.accountId)),
    }));
    expect(stored.incident).toMatchObject({
      status: 1,
      lastClassId: refs.incidentClass,
      severityId: refs.severityType,
      primaryCauseId: refs.incidentCause,
      lastLocationId: refs.location,
      locationAddress: '200 King Street',
      locationCityId: refs.city.id,
      locationCountryName: 'Canada',
    });
    expect(stored.incident?.summary).not.toMatch(/script|onerror|<img/);
    expect(stored.incident?.summaryText).toHaveLength(3000);
    expect(stored.persons.map((p) => [p.position, p.id, p.firstName])).toEqual(
      form.persons.map((p, i) => [i, p.id, p.firstName]),
    );
    // Every party went to the company's register and the cards point at their entries.
    expect(stored.persons.every((p) => p.personId !== null)).toBe(true);
    expect(stored.register.length).toBeGreaterThanOrEqual(12);
    expect(stored.items.map((i) => i.valueCents).sort()).toEqual(form.items.map((i) => i.value).sort());
    expect(stored.files).toEqual([
      expect.objectContaining({
        id: kept.id,
        incidentId: id,
        draftId: null,
        name: 'CCTV still',
        comments: 'Camera 3',
        incidentItemId: firstItem,
        creationDate: expect.any(Date),
      }),
    ]);

    // 3. The open-draft of the incident starts from the saved incident, parts in card order.
    const opened = await call('POST', '/api/draftIncidents', { incidentId: id });
    expect(opened.statusCode, opened.body).toBe(200);
    const openDraft = opened.json<Draft>();
    expect(openDraft).toMatchObject({ status: 3, incidentId: id, number: 1, createUserName: expect.any(String) });
    const data = openDraft.data;
    expect(data.persons.map((p) => p.id)).toEqual(form.persons.map((p) => p.id));
    expect(data.companies.map((c) => c.id)).toEqual(form.companies.map((c) => c.id));
    expect(data.vehicles.map((v) => v.id)).toEqual(form.vehicles.map((v) => v.id));
    expect(data.items.map((i) => i.id)).toEqual(form.items.map((i) => i.id));
    expect(data.correctiveActions.map((a) => a.id)).toEqual(form.correctiveActions.map((a) => a.id));
    // Staff lack PRIVACY_INFO_VIEW: the saved persons come with their private fields blanked.
    expect(data.persons[3]).toEqual({
      ...form.persons[3],
      personId: expect.any(String),
      ...{ dateOfBirth: '', lookupGenderTypeId: null, unit: '', address: '', street: '', cityId: null },
      ...{ cityName: '', stateName: '', countryCode: '', postalCode: '', phone: '', mobilePhone: '', email: '' },
      privateHidden: true,
    });
    expect(data.vehicles[2]).toEqual(form.vehicles[2]);
    expect(data.items[4]).toEqual(form.items[4]);
    expect(data.attachments).toEqual([
      { id: kept.id, name: 'CCTV still', comments: 'Camera 3', incidentItemId: firstItem, incidentVehicleId: null },
    ]);
    expect(data.reportedDate).toBe(form.reportedDate);
    expect(data.location).toEqual(form.location);
    const again = await call('POST', '/api/draftIncidents', { incidentId: id });
    expect(again.json<Draft>().id).toBe(openDraft.id);

    // 4. Edit: drop a person, reorder the items, change the summary; save the incident.
    const edited: IncidentFields = {
      ...data,
      summary: '<p>Updated <a href="javascript:alert(1)">summary</a></p>',
      persons: data.persons.slice(1),
      items: [...data.items].reverse(),
      vehicles: data.vehicles.map((v) => (v.ownerPersonId === data.persons[0]?.id ? { ...v, ownerPersonId: null } : v)),
      correctiveActions: data.correctiveActions.map((a) => ({
        ...a,
        involvedPersonList: a.involvedPersonList.filter((p) => p !== data.persons[0]?.id),
      })),
    };
    const copyOf = { incidentId: id, baseVersion: openDraft.baseVersion };
    expect((await call('PUT', '/api/draftIncidents', { id: openDraft.id, data: edited, ...copyOf })).statusCode).toBe(
      200,
    );
    const put = await call('PUT', '/api/incidents', { ...edited, id, draftId: openDraft.id });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ id, number: 1 });
    expect((await call('GET', `/api/draftIncidents/${openDraft.id}`)).statusCode).toBe(404);

    // 5. History: CREATE then EDIT, each with the whole incident; one audit row per change.
    const { history, audit } = await t.database.system(async (tx) => ({
      history: await tx
        .select()
        .from(incidentHistory)
        .where(eq(incidentHistory.incidentId, id))
        .orderBy(asc(incidentHistory.createdAt)),
      audit: await tx
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.objectType, 'INCIDENT'), eq(auditEntries.objectId, id)))
        .orderBy(asc(auditEntries.createdAt)),
    }));
    expect(history.map((h) => h.actionType)).toEqual(['CREATE', 'EDIT']);
    const [before, after] = history.map((h) => h.snapshot as IncidentSnapshot);
    expect(before).toMatchObject({ id, number: 1, status: 1, locked: false, createUserId: company.staff.id });
    expect(before?.persons).toHaveLength(10);
    expect(before?.items.map((i) => i.id)).toEqual(form.items.map((i) => i.id));
    expect(before?.attachments).toHaveLength(1);
    expect(after?.persons.map((p) => p.id)).toEqual(form.persons.slice(1).map((p) => p.id));
    expect(after?.items.map((i) => i.id)).toEqual([...form.items].reverse().map((i) => i.id));
    expect(after?.summary).toBe('<p>Updated <a rel="noopener noreferrer" target="_blank">summary</a></p>');
    expect(after).toMatchObject({ createUserName: expect.stringMatching(/^Test User /), assignedUserName: null });
    expect(audit.map((a) => [a.transactionType, a.objectHistoryId])).toEqual([
      ['CREATE', history[0]?.id],
      ['EDIT', history[1]?.id],
    ]);
    const drafts = await t.database.system((tx) =>
      tx.select().from(draftIncidents).where(eq(draftIncidents.accountId, company.accountId)),
    );
    expect(drafts).toEqual([]);
  });
});
