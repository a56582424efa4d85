import { randomUUID } from 'node:crypto';
import type { Attachment, IncidentFields } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF } from '../../../../test/file-fixtures';
import { type CompanyRefs, companyRefs, incidentForm } from '../../../../test/fixtures/incident-fixtures';
import { submitIncident } from '../../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../../test/test-app';
import { form } from '../../../../test/uploads';
import { attachments } from '../../../db/schema/index';
import { ATTACHMENT_CARD_MESSAGES } from './attachments.queries';

/**
 * The vehicle or item an upload names (multipart incidentItemId / incidentVehicleId) is checked as
 * strictly as the draft or incident it goes to: a card of that draft's data or of that incident.
 */

let t: TestContext;
let a: TestCompany;
let refs: CompanyRefs;
let staff: Record<string, string>;
/** A draft of the staff user with one vehicle and one item card. */
let draft: { id: string; data: IncidentFields };
/** An open incident of the staff user, and another one, each with a vehicle and an item. */
let incident: { id: string; fields: IncidentFields };
let otherIncident: { id: string; fields: IncidentFields };
/** Cards of another company's incident. */
let foreign: IncidentFields;

const upload = (incidentId: string, cards: { incidentItemId?: string; incidentVehicleId?: string }) =>
  t.inject({
    method: 'POST',
    url: '/api/incidents/attachments',
    headers: staff,
    payload: form({ incidentId, name: 'Attachment 1', ...cards }, { data: PDF, name: 'a.pdf' }),
  });
const storedOf = (id: string) =>
  t.database.system((tx) =>
    tx
      .select({ id: attachments.id })
      .from(attachments)
      .where(eq(id === draft.id ? attachments.draftId : attachments.incidentId, id)),
  );
const itemOf = (fields: IncidentFields) => fields.items[0]?.id ?? '';
const vehicleOf = (fields: IncidentFields) => fields.vehicles[0]?.id ?? '';

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Cards A' });
  const b = await t.createCompany({ name: 'Cards B' });
  refs = await companyRefs(t.database, a.accountId);
  staff = await t.signIn(a.staff);
  incident = await submitIncident(t, staff, refs);
  otherIncident = await submitIncident(t, staff, refs);
  foreign = (await submitIncident(t, await t.signIn(b.staff), await companyRefs(t.database, b.accountId))).fields;
  const created = await t.inject({ method: 'POST', url: '/api/draftIncidents', headers: staff, payload: {} });
  const data = incidentForm(refs);
  const saved = await t.inject({
    method: 'PUT',
    url: '/api/draftIncidents',
    headers: staff,
    payload: { id: created.json<{ id: string }>().id, data },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  draft = { id: created.json<{ id: string }>().id, data };
});
afterAll(() => t.close());

describe('POST /api/incidents/attachments with a vehicle or item', () => {
  it("ties the file to a card of the draft's data or of the incident", async () => {
    const toDraft = await upload(draft.id, { incidentItemId: itemOf(draft.data) });
    expect(toDraft.json<Attachment>()).toMatchObject({ draftId: draft.id, incidentItemId: itemOf(draft.data) });
    // Card ids are compared whatever their case, as the form's id pattern accepts either.
    const upper = await upload(draft.id, { incidentVehicleId: vehicleOf(draft.data).toUpperCase() });
    expect(upper.statusCode, upper.body).toBe(200);
    const toIncident = await upload(incident.id, {
      incidentItemId: itemOf(incident.fields),
      incidentVehicleId: vehicleOf(incident.fields),
    });
    expect(toIncident.json<Attachment>()).toMatchObject({
      incidentId: incident.id,
      incidentItemId: itemOf(incident.fields),
      incidentVehicleId: vehicleOf(incident.fields),
    });
  });

  it("refuses another incident's, another company's or an unknown card with 400, storing nothing", async () => {
    for (const target of [draft.id, incident.id]) {
      const before = await storedOf(target);
      const strangers = [otherIncident.fields, foreign, incident.fields, draft.data].filter(
        (fields) => fields !== (target === draft.id ? draft.data : incident.fields),
      );
      for (const fields of strangers) {
        const item = await upload(target, { incidentItemId: itemOf(fields) });
        expect([item.statusCode, item.json()]).toEqual([
          400,
          { code: 'BAD_REQUEST', message: ATTACHMENT_CARD_MESSAGES.item },
        ]);
        const vehicle = await upload(target, { incidentVehicleId: vehicleOf(fields) });
        expect([vehicle.statusCode, vehicle.json()]).toEqual([
          400,
          { code: 'BAD_REQUEST', message: ATTACHMENT_CARD_MESSAGES.vehicle },
        ]);
      }
      // A vehicle id named as an item is no item either.
      const ownFields = target === draft.id ? draft.data : incident.fields;
      const crossed = await upload(target, { incidentItemId: vehicleOf(ownFields) });
      expect(crossed.json()).toEqual({ code: 'BAD_REQUEST', message: ATTACHMENT_CARD_MESSAGES.item });
      const unknown = await upload(target, { incidentVehicleId: randomUUID() });
      expect(unknown.statusCode).toBe(400);
      expect(await storedOf(target)).toEqual(before);
    }
  });
});
