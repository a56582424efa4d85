import { randomUUID } from 'node:crypto';
import type { InitData, LookupNode, Privilege } from '@blotter/shared';
import { findLookupNode } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyRefs, incidentForm } from '../../../test/fixtures/incident-fixtures';
import { lookupCaller, newNode } from '../../../test/fixtures/lookup-admin-fixtures';
import { pdfText } from '../../../test/pdf-text';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let admin: Record<string, string>;
let call: ReturnType<typeof lookupCaller>;

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Keep Names Co' });
  b = await t.createCompany();
  admin = await t.signIn(a.admin);
  call = lookupCaller(t);
});
afterAll(() => t.close());

const as = async (privileges: Privilege[]) => t.signIn(await t.createUser(a.accountId, { privileges }));
const initData = async (headers = admin) => (await call('GET', '/commons/initData', headers)).json<InitData>();

describe('who may call the lookup routes', () => {
  it('answers 401 without a session on every route', async () => {
    const routes: [string, string][] = [
      ['GET', '/lookupSingles?type=department'],
      ['GET', `/lookupSingles/${randomUUID()}`],
      ['POST', '/lookupSingles'],
      ['PUT', '/lookupSingles'],
      ['DELETE', `/lookupSingles/${randomUUID()}?type=department`],
      ['GET', '/lookupMultiples?type=location'],
      ['GET', `/lookupMultiples/${randomUUID()}`],
      ['GET', '/lookupMultiples/export?type=location'],
      ['POST', '/lookupMultiples'],
      ['PUT', '/lookupMultiples'],
      ['DELETE', `/lookupMultiples/${randomUUID()}`],
      ['GET', '/lookupMultipleLabels'],
      ['POST', '/lookupMultipleLabels'],
    ];
    for (const [method, url] of routes) {
      const response = await t.inject({ method: method as 'GET', url: `/api${url}` });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('reads need a lookup privilege; add, edit and delete each need their own', async () => {
    const staff = await t.signIn(a.staff);
    const adder = await as(['LOOKUP_ADD']);
    const editor = await as(['LOOKUP_EDIT']);
    const deleter = await as(['LOOKUP_DELETE']);
    expect((await call('GET', '/lookupSingles?type=department', staff)).statusCode).toBe(403);
    expect((await call('GET', '/lookupMultipleLabels', staff)).statusCode).toBe(403);
    expect((await call('GET', '/lookupMultiples?type=location', deleter)).statusCode).toBe(200);

    const node = newNode('location', 'Gate');
    expect((await call('POST', '/lookupMultiples', editor, node)).statusCode).toBe(403);
    expect((await call('POST', '/lookupMultiples', adder, node)).statusCode).toBe(200);
    const change = { ...node, name: 'Main gate', active: true };
    expect((await call('PUT', '/lookupMultiples', adder, change)).statusCode).toBe(403);
    expect((await call('PUT', '/lookupMultiples', editor, change)).statusCode).toBe(200);
    const labels = { type: 'location', labels: ['Site'] };
    expect((await call('POST', '/lookupMultipleLabels', adder, labels)).statusCode).toBe(403);
    expect((await call('DELETE', `/lookupMultiples/${node.id}`, editor)).statusCode).toBe(403);
    expect((await call('DELETE', `/lookupMultiples/${node.id}`, deleter)).statusCode).toBe(204);

    const single = { id: randomUUID(), type: 'severityType', name: 'Minor' };
    expect((await call('POST', '/lookupSingles', deleter, single)).statusCode).toBe(403);
    expect((await call('POST', '/lookupSingles', adder, single)).statusCode).toBe(200);
    expect((await call('PUT', '/lookupSingles', deleter, { ...single, active: false })).statusCode).toBe(403);
    expect((await call('DELETE', `/lookupSingles/${single.id}?type=severityType`, adder)).statusCode).toBe(403);
  });

  it("answers 404 to another company's items and changes nothing", async () => {
    const bAdmin = await t.signIn(b.admin);
    const theirs = newNode('incidentClass', 'Theirs');
    await call('POST', '/lookupMultiples', bAdmin, theirs);
    const single = { id: randomUUID(), type: 'department', name: 'Their dept' };
    await call('POST', '/lookupSingles', bAdmin, single);
    expect((await call('GET', `/lookupMultiples/${theirs.id}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', '/lookupMultiples', admin, { ...theirs, name: 'Mine', active: false })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/lookupMultiples/${theirs.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/lookupSingles/${single.id}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', '/lookupSingles', admin, { ...single, active: false })).statusCode).toBe(404);
    expect((await call('DELETE', `/lookupSingles/${single.id}?type=department`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/lookupMultiples/${theirs.id}`, bAdmin)).json()).toMatchObject({
      name: 'Theirs',
      active: true,
    });
  });
});

describe('changes reach initData; incidents keep the names of deleted and disabled lookups', () => {
  it('a new, disabled and deleted class: in initData (inactive when deleted), printed on the incident', async () => {
    const [root] = (await call('GET', '/lookupMultiples?type=incidentClass', admin)).json<LookupNode[]>();
    const used = newNode('incidentClass', 'Tailgating', root?.id ?? null);
    expect((await call('POST', '/lookupMultiples', admin, used)).statusCode).toBe(200);
    expect(findLookupNode((await initData()).multipleLookups.incidentClass ?? [], used.id)).toMatchObject({
      name: 'Tailgating',
      active: true,
    });

    const refs = await companyRefs(t.database, a.accountId);
    const created = await call('POST', '/incidents', admin, { ...incidentForm(refs), lastClassId: used.id });
    expect(created.statusCode, created.body).toBe(200);
    const incident = created.json<{ id: string; number: number }>();

    const disabled = await call('PUT', '/lookupMultiples', admin, { ...used, active: false });
    expect(disabled.statusCode).toBe(200);
    expect(findLookupNode((await initData()).multipleLookups.incidentClass ?? [], used.id)?.active).toBe(false);

    expect((await call('DELETE', `/lookupMultiples/${used.id}`, admin)).statusCode).toBe(204);
    // Gone from the admin tree; still in initData as inactive, so the pickers hide it and the
    // viewer and results still name the incident's class.
    const tree = (await call('GET', '/lookupMultiples?type=incidentClass', admin)).json<LookupNode[]>();
    expect(findLookupNode(tree, used.id)).toBeUndefined();
    const kept = findLookupNode((await initData(await t.signIn(a.staff))).multipleLookups.incidentClass ?? [], used.id);
    expect(kept).toMatchObject({ name: 'Tailgating', active: false });

    const viewed = await call('GET', `/incidents/${incident.id}`, admin);
    expect(viewed.json()).toMatchObject({ lastClassId: used.id });
    const printed = await call('GET', `/incidents/${incident.id}/print`, admin);
    expect(await pdfText(printed.rawPayload)).toContain('Tailgating');
  });
});
