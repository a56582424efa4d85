import { draftIncidents, incidents } from '../src/db/schema/index';
import type { StorageAdapter } from '../src/platform/storage';
import type { TestContext } from './test-app';

/** A multipart form as the browser sends it: text fields, then the file (when given) as `file`. */
export function form(fields: Record<string, string>, file?: { data: Buffer; name: string; type?: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? '' }), file.name);
  return body;
}

/** A working copy of the user: a new draft (0) or an open incident being edited (3). */
export async function insertDraft(
  t: TestContext<StorageAdapter>,
  user: { id: string; accountId: string },
  values: { status?: number; incidentId?: string } = {},
): Promise<string> {
  const [row] = await t.database.system((tx) =>
    tx
      .insert(draftIncidents)
      .values({ accountId: user.accountId, userId: user.id, status: values.status ?? 0, incidentId: values.incidentId })
      .returning({ id: draftIncidents.id }),
  );
  if (!row) throw new Error('no draft');
  return row.id;
}

let number = 1000;

/** A saved incident entered by the user: open unless told otherwise. */
export async function insertIncident(
  t: TestContext<StorageAdapter>,
  user: { id: string; accountId: string },
  values: { status?: number; locked?: boolean } = {},
): Promise<string> {
  number += 1;
  const [row] = await t.database.system((tx) =>
    tx
      .insert(incidents)
      .values({
        accountId: user.accountId,
        number,
        createUserId: user.id,
        status: values.status ?? 1,
        locked: values.locked ?? false,
      })
      .returning({ id: incidents.id }),
  );
  if (!row) throw new Error('no incident');
  return row.id;
}
