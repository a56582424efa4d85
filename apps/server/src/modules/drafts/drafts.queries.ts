import type { DraftRow } from '@blotter/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { draftIncidents } from '../../db/schema/index';

/** The user's own drafts (drafts are visible only to their creator), newest change first. */
export async function listDrafts(tx: Tx, userId: string, status?: number): Promise<DraftRow[]> {
  const rows = await tx
    .select()
    .from(draftIncidents)
    .where(and(eq(draftIncidents.userId, userId), status === undefined ? undefined : eq(draftIncidents.status, status)))
    .orderBy(desc(draftIncidents.updatedAt));
  return rows.map((d) => ({
    id: d.id,
    creationDate: d.createdAt.toISOString(),
    lastUpdateDate: d.updatedAt.toISOString(),
    lastClassId: d.lastClassId,
    number: d.number,
    status: d.status,
  }));
}
