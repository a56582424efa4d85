import { randomUUID } from 'node:crypto';
import { LOOKUP_ADMIN_MESSAGES, type LookupNode, type SingleLookup } from '@blotter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupAudits, lookupCaller, newNode } from '../../../test/fixtures/lookup-admin-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let admin: Record<string, string>;
let bAdmin: Record<string, string>;
let call: ReturnType<typeof lookupCaller>;

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany();
  b = await t.createCompany();
  admin = await t.signIn(a.admin);
  bAdmin = await t.signIn(b.admin);
  call = lookupCaller(t);
});
afterAll(() => t.close());

const tree = async (type: string, headers = admin) =>
  (await call('GET', `/lookupMultiples?type=${type}`, headers)).json<LookupNode[]>();
const singles = async (type: string, headers = admin) =>
  (await call('GET', `/lookupSingles?type=${type}`, headers)).json<SingleLookup[]>();

describe('single-level lookups', () => {
  it('adds, reads, renames, disables, enables and deletes an item, each with its audit entry', async () => {
    const id = randomUUID();
    const created = await call('POST', '/lookupSingles', admin, { id, type: 'department', name: '  Security  ' });
    expect([created.statusCode, created.json()]).toEqual([
      200,
      { id, type: 'department', name: 'Security', active: true, code: '' },
    ]);
    expect((await singles('department')).at(-1)).toMatchObject({ id, name: 'Security' });
    expect((await call('GET', `/lookupSingles/${id}`, admin)).json()).toMatchObject({ id, name: 'Security' });

    const renamed = await call('PUT', '/lookupSingles', admin, {
      id,
      type: 'department',
      name: 'Guards',
      active: false,
    });
    expect(renamed.json()).toMatchObject({ name: 'Guards', active: false });
    const enabled = await call('PUT', '/lookupSingles', admin, {
      id,
      type: 'department',
      name: 'Guards',
      active: true,
    });
    expect(enabled.json()).toMatchObject({ active: true });

    // The type must match: an item of another type is not found.
    expect((await call('DELETE', `/lookupSingles/${id}?type=personType`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/lookupSingles/${id}?type=department`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/lookupSingles/${id}`, admin)).statusCode).toBe(404);
    expect((await singles('department')).map((item) => item.id)).not.toContain(id);

    const audits = (await lookupAudits(t, a.accountId)).filter((row) => row.objectId === id);
    expect(audits.map((row) => row.transactionType)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'DELETE']);
    expect(audits[0]).toMatchObject({
      objectName: 'Security',
      objectData: { name: 'Security', type: 'department', level: 1, levelLabel: 'Department', parentName: '' },
    });
  });

  it("answers 409 to an id this company uses, and 404 to another company's, as GET does", async () => {
    const id = randomUUID();
    expect((await call('POST', '/lookupSingles', bAdmin, { id, type: 'department', name: 'B dept' })).statusCode).toBe(
      200,
    );
    const mine = randomUUID();
    await call('POST', '/lookupSingles', admin, { id: mine, type: 'department', name: 'A dept' });
    const again = (taken: string, path = '/lookupSingles', extra = {}) =>
      call('POST', path, admin, { id: taken, type: 'department', name: 'Again', ...extra });
    expect((await again(mine)).json()).toEqual({ code: 'CONFLICT', message: LOOKUP_ADMIN_MESSAGES.idTaken });
    // Another company's id: the same answer as reading it, never a conflict that says it exists.
    const theirs = await again(id);
    const read = await call('GET', `/lookupSingles/${id}`, admin);
    expect([theirs.statusCode, theirs.json()]).toEqual([404, read.json()]);
    expect(read.statusCode).toBe(404);
    const [bRoot] = await tree('location', bAdmin);
    const node = await call('POST', '/lookupMultiples', admin, { ...newNode('location', 'Again'), id: bRoot?.id });
    expect(node.statusCode).toBe(404);
    expect((await singles('department', bAdmin)).find((item) => item.id === id)?.name).toBe('B dept');
  });

  it('answers 400 with the rule broken', async () => {
    const cases: [object, string][] = [
      [{ id: randomUUID(), type: 'department', name: '   ' }, LOOKUP_ADMIN_MESSAGES.nameRequired],
      [{ id: randomUUID(), type: 'department', name: 'x'.repeat(101) }, LOOKUP_ADMIN_MESSAGES.nameTooLong],
      [{ id: 'abc', type: 'department', name: 'X' }, 'Invalid id'],
      [{ id: randomUUID(), type: 'genderType', name: 'X' }, 'Unknown lookup type'],
      [{ id: randomUUID(), type: 'incidentClass', name: 'X' }, 'Unknown lookup type'],
    ];
    for (const [payload, message] of cases) {
      expect((await call('POST', '/lookupSingles', admin, payload)).json(), message).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
    }
    expect((await call('GET', '/lookupSingles', admin)).statusCode).toBe(400);
    expect((await call('DELETE', `/lookupSingles/${randomUUID()}`, admin)).statusCode).toBe(400);
  });
});

describe('multiple-level lookups', () => {
  it('adds a root and children down to the last level; one more level is 400', async () => {
    const root = newNode('incidentCause', 'Human');
    const created = await call('POST', '/lookupMultiples', admin, root);
    expect(created.json()).toMatchObject({ id: root.id, level: 1, parentId: null, children: [] });
    const child = newNode('incidentCause', 'Fatigue', root.id);
    expect((await call('POST', '/lookupMultiples', admin, child)).json()).toMatchObject({
      level: 2,
      parentPath: 'Human',
    });
    const tooDeep = await call('POST', '/lookupMultiples', admin, newNode('incidentCause', 'Night shift', child.id));
    expect(tooDeep.json()).toEqual({ code: 'BAD_REQUEST', message: LOOKUP_ADMIN_MESSAGES.tooDeep('incidentCause') });
    const node = (await call('GET', `/lookupMultiples/${root.id}`, admin)).json<LookupNode>();
    expect(node.children.map((c) => c.name)).toEqual(['Fatigue']);
    expect((await tree('incidentCause')).find((n) => n.id === root.id)?.children).toHaveLength(1);

    const audit = (await lookupAudits(t, a.accountId)).find((row) => row.objectId === child.id);
    expect(audit?.objectData).toEqual({
      name: 'Fatigue',
      type: 'incidentCause',
      level: 2,
      levelLabel: expect.any(String),
      parentName: 'Human',
    });
  });

  it("refuses a parent of another type or another company's (400), and the class tree goes 4 deep", async () => {
    const [bRoot] = await tree('incidentClass', bAdmin);
    const [aCause] = await tree('incidentCause');
    for (const parentId of [bRoot?.id ?? '', aCause?.id ?? '', randomUUID()]) {
      const response = await call('POST', '/lookupMultiples', admin, newNode('incidentClass', 'X', parentId));
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: LOOKUP_ADMIN_MESSAGES.parentNotFound });
    }
    let parent: string | null = null;
    for (let level = 1; level <= 4; level++) {
      const node = newNode('incidentClass', `Level ${level} item`, parent);
      expect((await call('POST', '/lookupMultiples', admin, node)).json()).toMatchObject({ level });
      parent = node.id;
    }
    const fifth = await call('POST', '/lookupMultiples', admin, newNode('incidentClass', 'Five', parent));
    expect(fifth.statusCode).toBe(400);
  });

  it('deletes a parent with its children, and disabling keeps the children as they are', async () => {
    const root = newNode('location', 'Warehouse');
    const child = newNode('location', 'Dock', root.id);
    const grandchild = newNode('location', 'Bay 1', child.id);
    for (const node of [root, child, grandchild]) await call('POST', '/lookupMultiples', admin, node);

    const disabled = await call('PUT', '/lookupMultiples', admin, { ...root, active: false });
    expect(disabled.json()).toMatchObject({ active: false, children: [{ id: child.id, active: true }] });

    expect((await call('DELETE', `/lookupMultiples/${root.id}`, admin)).statusCode).toBe(204);
    for (const id of [root.id, child.id, grandchild.id]) {
      expect((await call('GET', `/lookupMultiples/${id}`, admin)).statusCode).toBe(404);
    }
    expect((await tree('location')).map((n) => n.id)).not.toContain(root.id);
    // A child of a deleted item cannot be added, nor the deleted item changed or deleted again.
    expect((await call('POST', '/lookupMultiples', admin, newNode('location', 'Bay 2', child.id))).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/lookupMultiples', admin, { ...child, active: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/lookupMultiples/${child.id}`, admin)).statusCode).toBe(404);
    const deletes = (await lookupAudits(t, a.accountId)).filter((row) => row.transactionType === 'DELETE');
    expect(deletes.map((row) => row.objectName)).toEqual(expect.arrayContaining(['Warehouse', 'Dock', 'Bay 1']));
  });

  it('sets level labels, shown in the tree, the CSV export and the audit', async () => {
    const before = (await call('GET', '/lookupMultipleLabels', admin)).json<Record<string, string[]>>().incidentClass;
    const wanted = ['Category', 'Class', '', 'Detail'];
    const changed = [1, 2, 3, 4].filter((level) => before?.[level - 1] !== wanted[level - 1]);
    expect(changed.length).toBeGreaterThan(0);
    const saved = await call('POST', '/lookupMultipleLabels', admin, {
      type: 'incidentClass',
      labels: ['Category', 'Class', '', 'Detail'],
    });
    expect(saved.json<Record<string, string[]>>().incidentClass).toEqual(['Category', 'Class', '', 'Detail']);
    expect((await call('GET', '/lookupMultipleLabels', admin)).json()).toEqual(saved.json());
    const [first] = await tree('incidentClass');
    expect(first?.label).toBe('Category');
    const tooMany = await call('POST', '/lookupMultipleLabels', admin, {
      type: 'incidentCause',
      labels: ['a', 'b', 'c'],
    });
    expect(tooMany.json()).toEqual({
      code: 'BAD_REQUEST',
      message: LOOKUP_ADMIN_MESSAGES.tooManyLabels('incidentCause'),
    });

    const root = newNode('incidentClass', '=Formula, "quoted"');
    await call('POST', '/lookupMultiples', admin, root);
    await call('POST', '/lookupMultiples', admin, newNode('incidentClass', 'Leaf', root.id));
    const csv = await call('GET', '/lookupMultiples/export?type=incidentClass', admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('Incident Class.csv');
    const lines = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('Category,Class,Level 3,Detail,Active');
    expect(lines).toContain(`"'=Formula, ""quoted""",,,,Yes`);
    expect(lines).toContain(`"'=Formula, ""quoted""",Leaf,,,Yes`);
    const labelAudits = (await lookupAudits(t, a.accountId)).filter((row) =>
      row.objectName.startsWith('Incident Class level'),
    );
    expect(labelAudits.map((row) => row.objectName).sort()).toEqual(changed.map((n) => `Incident Class level ${n}`));
  });
});
