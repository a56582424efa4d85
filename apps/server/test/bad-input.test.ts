import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_NAME_REQUIRED } from '../src/modules/files/upload';
import { companyRefs, incidentForm } from './fixtures/incident-fixtures';
import { submitIncident } from './incidents';
import { createTestContext, type TestCompany, type TestContext } from './test-app';
import { form, insertDraft, insertIncident } from './uploads';

let t: TestContext;
let a: TestCompany;
let admin: Record<string, string>;
let draft: string;
let incident: string;

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Bad input A' });
  admin = await t.signIn(a.admin);
  draft = await insertDraft(t, a.admin);
  incident = await insertIncident(t, a.admin);
});
afterAll(() => t.close());

const NUL = 'Smith\u0000son';
const LONE = 'broken \ud800 text';

function expectBadRequest(response: { statusCode: number; json: () => unknown; body: string }) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
}

describe('multipart that is not well formed answers 400', () => {
  it.each([['/api/incidents/attachments'], [`/api/incidents/persons/picture/00000000-0000-4000-8000-000000000001`]])(
    '%s without a boundary',
    async (url) => {
      const response = await t.inject({
        method: 'POST',
        url,
        headers: { ...admin, 'content-type': 'multipart/form-data' },
        payload: 'a',
      });
      expectBadRequest(response);
    },
  );

  it.each([['/api/incidents/attachments'], [`/api/incidents/persons/picture/00000000-0000-4000-8000-000000000001`]])(
    '%s cut short',
    async (url) => {
      const payload = `--XYZ\r\ncontent-disposition: form-data; name="incidentId"\r\n\r\n${draft}\r\n--XYZ\r\ncontent-disposition: form-data; name="file"; filename="a.txt"\r\ncontent-type: text/plain\r\n\r\nhello`;
      const response = await t.inject({
        method: 'POST',
        url,
        headers: { ...admin, 'content-type': 'multipart/form-data; boundary=XYZ' },
        payload,
      });
      expectBadRequest(response);
    },
  );

  it('a file part with no file name', async () => {
    const payload = `--XYZ\r\ncontent-disposition: form-data; name="incidentId"\r\n\r\n${draft}\r\n--XYZ\r\ncontent-disposition: form-data; name="name"\r\n\r\nA\r\n--XYZ\r\ncontent-disposition: form-data; name="file"\r\ncontent-type: application/octet-stream\r\n\r\n%PDF-1.4\n\r\n--XYZ--\r\n`;
    const response = await t.inject({
      method: 'POST',
      url: '/api/incidents/attachments',
      headers: { ...admin, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload,
    });
    expectBadRequest(response);
    expect(response.json()).toMatchObject({ message: FILE_NAME_REQUIRED });
  });

  it('an attachment name with a NUL', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/incidents/attachments',
      headers: admin,
      payload: form({ incidentId: draft, name: NUL }, { data: Buffer.from('%PDF-1.4\n'), name: 'a.pdf' }),
    });
    expectBadRequest(response);
  });
});

describe('addresses the router refuses answer 400 { code, message }', () => {
  it.each([
    ['/api/incidents/%E0%A4%A/parts', 'The address of the request is not valid.'],
    [`/api/incidents/${'a'.repeat(200)}`, 'The address is too long.'],
  ])('%s', async (url, message) => {
    const response = await t.inject({ method: 'GET', url, headers: admin });
    expectBadRequest(response);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
  });
});

describe('NUL and lone surrogates answer 400', () => {
  it('person search', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/persons/search',
      query: { name: NUL },
      headers: admin,
    });
    expectBadRequest(response);
  });
  it('person duplication check', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/persons/duplicationCheck',
      payload: { firstName: NUL, lastName: NUL },
      headers: admin,
    });
    expectBadRequest(response);
  });
  it('company duplication check', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/companies/duplicationCheck',
      payload: { name: NUL },
      headers: admin,
    });
    expectBadRequest(response);
  });
  it('a body nested deeper than any form', async () => {
    const deep = JSON.parse(`${'{"a":'.repeat(40)}"x\\u0000"${'}'.repeat(40)}`);
    const response = await t.inject({
      method: 'PUT',
      url: '/api/draftIncidents',
      payload: { id: draft, data: { persons: [deep] } },
      headers: admin,
    });
    expectBadRequest(response);
    expect(response.json()).toMatchObject({ message: 'The request is nested too deeply.' });
  });
  it('draft data with a NUL', async () => {
    const response = await t.inject({
      method: 'PUT',
      url: '/api/draftIncidents',
      payload: { id: draft, data: { summary: NUL } },
      headers: admin,
    });
    expectBadRequest(response);
  });
  it('draft data with a lone surrogate', async () => {
    const response = await t.inject({
      method: 'PUT',
      url: '/api/draftIncidents',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"id":"${draft}","data":{"summary":"a\\ud800b"}}`,
    });
    expectBadRequest(response);
  });
  it('draft data with a lone surrogate (raw)', async () => {
    const response = await t.inject({
      method: 'PUT',
      url: '/api/draftIncidents',
      payload: { id: draft, data: { summary: LONE } },
      headers: admin,
    });
    expectBadRequest(response);
  });
  it('close', async () => {
    const response = await t.inject({
      method: 'POST',
      url: `/api/incidents/close/${incident}`,
      payload: { closedBy: 'USER', closeComments: NUL },
      headers: admin,
    });
    expectBadRequest(response);
  });
  it.each([['0000-01-01T00:00:00.000Z'], ['0001-01-01T00:00:00+14:00']])(
    'submit with dates before the year 1 (%s), which PostgreSQL cannot store',
    async (date) => {
      const refs = await companyRefs(t.database, a.accountId);
      const response = await t.inject({
        method: 'POST',
        url: '/api/incidents',
        payload: { ...incidentForm(refs), reportedDate: date, occurredDate: date },
        headers: admin,
      });
      expectBadRequest(response);
      expect(response.json()).toMatchObject({ message: 'Invalid date' });
    },
  );
  it('submit and update', async () => {
    const refs = await companyRefs(t.database, a.accountId);
    const submitted = await submitIncident(t, admin, refs);
    const submit = await t.inject({
      method: 'POST',
      url: '/api/incidents',
      payload: { ...incidentForm(refs), summary: `<p>${NUL}</p>` },
      headers: admin,
    });
    expectBadRequest(submit);
    const form = incidentForm(refs);
    const update = await t.inject({
      method: 'PUT',
      url: '/api/incidents',
      payload: { ...form, id: submitted.id, persons: [{ ...form.persons[0], lastName: NUL }] },
      headers: admin,
    });
    expectBadRequest(update);
    expect(update.json()).toMatchObject({ message: expect.stringContaining('persons[0].lastName') });
  });
});
