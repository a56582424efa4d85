import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from './test-app';
import { insertDraft } from './uploads';

const MARKER = 'Zyxmarker';
const lines: string[] = [];
let t: TestContext;
let a: TestCompany;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext({ config: { logLevel: 'info' }, logStream: { write: (line) => lines.push(line) } });
  a = await t.createCompany({ name: 'Log safety' });
  admin = await t.signIn(a.admin);
  // A failing query: the database refuses the marker, as it would refuse a value it cannot store.
  await t.database.system((tx) =>
    tx.execute(
      sql.raw(`alter table draft_incidents add constraint refuse_marker check (data::text not like '%${MARKER}%')`),
    ),
  );
});
afterAll(() => t.close());

describe('a failed query is logged without its values', () => {
  it('logs the SQLSTATE, the route and the request id, never the parameters', async () => {
    const draft = await insertDraft(t, a.admin);
    const response = await t.inject({
      method: 'PUT',
      url: '/api/draftIncidents',
      headers: admin,
      payload: { id: draft, data: { summary: `Lives at 12 ${MARKER} Street`, phone: '555-0100' } },
    });
    expect(response.statusCode).toBe(500);
    const logged = lines.join('');
    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors).toHaveLength(1);
    expect(logged).not.toContain(MARKER);
    expect(logged).not.toContain('555-0100');
    expect(errors[0]).toMatchObject({
      reqId: expect.stringMatching(/^req-[0-9a-z]+$/),
      route: 'PUT /api/draftIncidents',
      err: { code: '23514', constraint: 'refuse_marker', table: 'draft_incidents' },
    });
  });
});
