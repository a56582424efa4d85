import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/index';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls of the Lookups card for the tests: `/api` + url, JSON payload. */
export const lookupCaller =
  (t: TestContext) => (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
    t.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

/** A new item of a tree (the client makes the id, as the card does). */
export const newNode = (type: string, name: string, parentId: string | null = null) => ({
  id: randomUUID(),
  type,
  name,
  parentId,
});

/** The company's LOOKUP audit entries, oldest first. */
export async function lookupAudits(t: TestContext, accountId: string) {
  const rows = await t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, accountId), eq(auditEntries.objectType, 'LOOKUP'))),
  );
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
