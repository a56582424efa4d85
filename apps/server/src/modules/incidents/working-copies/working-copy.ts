import { createHash } from 'node:crypto';
import { INCIDENT_STATUS } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { draftIncidents, incidents, users } from '../../../db/schema/index';
import type { Principal } from '../../../plugins/auth';
import { notFound } from '../../../plugins/errors';
import type { StoredDraft } from '../drafts/drafts.queries';
import type { PolicyIncident } from '../incident.policy';
import { fullName, loadIncidentFields } from '../incident-parts.queries';

/**
 * The id of a user's working copy of an incident, the same on every open (a name-based UUID of the
 * user and the incident): two tabs share one copy, a copy stored at its first change keeps the id
 * the form already uses, and the browser's copy of unsaved changes is found again after a crash.
 */
export function workingCopyId(userId: string, incidentId: string): string {
  const hex = createHash('sha1').update(`blotter-working-copy:${userId}:${incidentId}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The incident's columns a working copy is made from. */
async function copySource(tx: Tx, incidentId: string) {
  const [row] = await tx
    .select({
      version: incidents.version,
      updatedAt: incidents.updatedAt,
      createUserName: sql<string | null>`${fullName('c')}`,
    })
    .from(incidents)
    .leftJoin(sql`${users} c`, sql`c.id = ${incidents.createUserId}`)
    .where(eq(incidents.id, incidentId));
  return row;
}

/**
 * The working copy answered when an incident is opened for editing (spec 1 §4): the user's stored
 * copy when there is one (it says whether the incident changed since), otherwise a copy made from
 * the incident now and NOT stored: opening and leaving the form leaves nothing behind. Its first
 * save (PUT /draftIncidents with incidentId and baseVersion) stores it under the same id.
 */
export async function openWorkingCopy(
  tx: Tx,
  principal: Principal,
  incident: PolicyIncident,
  readStored: (draftId: string) => Promise<StoredDraft>,
): Promise<StoredDraft> {
  const [stored] = await tx
    .select({ id: draftIncidents.id })
    .from(draftIncidents)
    .where(
      and(
        eq(draftIncidents.userId, principal.userId),
        eq(draftIncidents.status, INCIDENT_STATUS.EDITING),
        eq(draftIncidents.incidentId, incident.id),
      ),
    )
    .limit(1);
  if (stored) return readStored(stored.id);
  const source = await copySource(tx, incident.id);
  const data = await loadIncidentFields(tx, incident.id);
  if (!source || !data) throw notFound('Incident');
  const now = new Date().toISOString();
  return {
    id: workingCopyId(principal.userId, incident.id),
    status: INCIDENT_STATUS.EDITING,
    incidentId: incident.id,
    number: incident.number,
    creationDate: now,
    lastUpdateDate: source.updatedAt.toISOString(),
    createUserName: source.createUserName ?? 'Unknown',
    data,
    stored: false,
    baseVersion: source.version,
    changedSince: null,
  };
}

/** What the first save of a working copy not stored yet names: its incident and base version. */
export interface CopyOf {
  incidentId?: string | undefined;
  baseVersion?: number | undefined;
}

/**
 * Stores a working copy at its first save: a draft row under the copy's own id, made from the
 * incident as it is now, remembering the version the form was loaded from (so a save over a newer
 * version is refused later). The save then writes the form's data over it as for any draft.
 * Nothing happens when the row exists or the save names no incident.
 */
export async function storeWorkingCopy(
  tx: Tx,
  principal: Principal,
  draftId: string,
  copyOf: CopyOf,
  authorize: (incidentId: string) => Promise<PolicyIncident>,
): Promise<void> {
  const { incidentId, baseVersion } = copyOf;
  if (!incidentId || baseVersion === undefined) return;
  const [existing] = await tx
    .select({ id: draftIncidents.id })
    .from(draftIncidents)
    .where(eq(draftIncidents.id, draftId));
  if (existing) return;
  const incident = await authorize(incidentId);
  if (draftId !== workingCopyId(principal.userId, incident.id)) throw notFound('Draft');
  const data = await loadIncidentFields(tx, incident.id);
  if (!data) throw notFound('Incident');
  await tx
    .insert(draftIncidents)
    .values({
      id: draftId,
      accountId: principal.accountId,
      userId: principal.userId,
      incidentId: incident.id,
      number: incident.number,
      status: INCIDENT_STATUS.EDITING,
      lastClassId: incident.lastClassId,
      baseVersion,
      data,
    })
    .onConflictDoNothing();
}

/**
 * The working copy a save of an incident comes from: the stored copy (its base version decides) or,
 * when the form's copy was never stored, none (the base version sent with the save decides).
 * Another id is refused as before (404).
 */
export async function savedCopyOf(
  tx: Tx,
  principal: Principal,
  incidentId: string,
  draftId: string | null,
): Promise<{ draftId: string | null; baseVersion: number | null }> {
  if (!draftId) return { draftId: null, baseVersion: null };
  const [row] = await tx
    .select({ id: draftIncidents.id, baseVersion: draftIncidents.baseVersion })
    .from(draftIncidents)
    .where(
      and(
        eq(draftIncidents.id, draftId),
        eq(draftIncidents.userId, principal.userId),
        eq(draftIncidents.status, INCIDENT_STATUS.EDITING),
        eq(draftIncidents.incidentId, incidentId),
      ),
    );
  if (row) return { draftId: row.id, baseVersion: row.baseVersion };
  if (draftId === workingCopyId(principal.userId, incidentId)) return { draftId: null, baseVersion: null };
  throw notFound('Draft');
}
