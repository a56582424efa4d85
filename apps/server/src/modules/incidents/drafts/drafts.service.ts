import {
  emptyIncidentFields,
  hasAnyPrivilege,
  hasPrivilege,
  INCIDENT_MESSAGES,
  INCIDENT_STATUS,
  type IncidentFields,
  type Privilege,
} from '@blotter/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { draftIncidents } from '../../../db/schema/index';
import type { Principal } from '../../../plugins/auth';
import { AppError, forbidden, notFound } from '../../../plugins/errors';
import { followMerges } from '../../parties/merged-records';
import { incidentForEdit, visibleWorkingCopy } from '../incident.policy';
import { sanitizeIncidentFields } from '../incident-fields';
import { keepPrivateOnDraftSave } from '../incident-privacy';
import { validateDraftReferences } from '../incident-validation';
import { type CopyOf, openWorkingCopy, storeWorkingCopy } from '../working-copies/working-copy';
import { deleteDraftRow, getDraft, type StoredDraft } from './drafts.queries';

const EDIT_PRIVILEGES: readonly Privilege[] = ['MYINCIDENT_EDIT', 'ALLINCIDENT_EDIT'];

/** Any privilege that lets a user work on a draft of some kind: the gate of the draft routes. */
export const DRAFT_PRIVILEGES: readonly Privilege[] = ['MYINCIDENT_ADD', ...EDIT_PRIVILEGES];

/** Save: MYINCIDENT_ADD for a draft, MYINCIDENT_EDIT or ALLINCIDENT_EDIT for an open-draft (spec 1 §6). */
function savableStatuses(principal: Principal): number[] {
  const statuses: number[] = [];
  if (hasPrivilege(principal, 'MYINCIDENT_ADD')) statuses.push(INCIDENT_STATUS.DRAFT);
  if (hasAnyPrivilege(principal, EDIT_PRIVILEGES)) statuses.push(INCIDENT_STATUS.EDITING);
  return statuses;
}

async function draftOrFail(tx: Tx, principal: Principal, draftId: string): Promise<StoredDraft> {
  const draft = await getDraft(tx, principal.userId, draftId);
  if (!draft) throw notFound('Draft');
  return draft;
}

/** A new, empty draft (status 0) of the user. A disabled company cannot create incidents. */
async function createNewDraft(tx: Tx, principal: Principal): Promise<StoredDraft> {
  if (!hasPrivilege(principal, 'MYINCIDENT_ADD')) throw forbidden();
  if (!principal.account.active) throw new AppError('ACCOUNT_DISABLED', INCIDENT_MESSAGES.accountDisabled);
  const [row] = await tx
    .insert(draftIncidents)
    .values({
      accountId: principal.accountId,
      userId: principal.userId,
      status: INCIDENT_STATUS.DRAFT,
      data: emptyIncidentFields(),
    })
    .returning({ id: draftIncidents.id });
  if (!row) throw new Error('Draft insert returned no row');
  return draftOrFail(tx, principal, row.id);
}

/**
 * The open-draft (status 3) of an open incident: the user's working copy, loaded from the saved
 * incident with every part in card order, stored only at its first change (working-copy.ts).
 */
async function openIncidentDraft(tx: Tx, principal: Principal, incidentId: string): Promise<StoredDraft> {
  const incident = await incidentForEdit(tx, principal, incidentId);
  return openWorkingCopy(tx, principal, incident, (id) => draftOrFail(tx, principal, id));
}

/** POST /draftIncidents: a new draft, or with incidentId the open-draft of that incident. */
export function createDraft(tx: Tx, principal: Principal, incidentId: string | null): Promise<StoredDraft> {
  return incidentId ? openIncidentDraft(tx, principal, incidentId) : createNewDraft(tx, principal);
}

export async function readDraft(tx: Tx, principal: Principal, draftId: string): Promise<StoredDraft> {
  return visibleWorkingCopy(tx, principal, await draftOrFail(tx, principal, draftId));
}

/**
 * Saves the whole working copy. Autosave calls this every few keystrokes, so the normal path is a
 * single UPDATE that also checks ownership and the privilege for the draft's status; only when it
 * changes nothing is the draft read again, to tell a missing draft (404) from a refused one (403).
 */
export async function saveDraft(
  tx: Tx,
  principal: Principal,
  draftId: string,
  fields: IncidentFields,
  copyOf: CopyOf = {},
) {
  await storeWorkingCopy(tx, principal, draftId, copyOf, (id) => incidentForEdit(tx, principal, id));
  fields = await keepPrivateOnDraftSave(tx, principal, draftId, await followMerges(tx, principal.accountId, fields));
  const data = sanitizeIncidentFields(fields, principal.accountId);
  await validateDraftReferences(tx, data);
  const statuses = savableStatuses(principal);
  const [saved] = await tx
    .update(draftIncidents)
    .set({ data, lastClassId: data.lastClassId, updatedAt: sql`now()` })
    .where(
      and(
        eq(draftIncidents.id, draftId),
        eq(draftIncidents.userId, principal.userId),
        statuses.length > 0 ? inArray(draftIncidents.status, statuses) : sql`false`,
      ),
    )
    .returning({ id: draftIncidents.id, updatedAt: draftIncidents.updatedAt });
  if (saved) return { id: saved.id, lastUpdateDate: saved.updatedAt.toISOString() };
  const exists = await findOwnDraftAnyStatus(tx, principal.userId, draftId);
  throw exists ? forbidden() : notFound('Draft');
}

async function findOwnDraftAnyStatus(tx: Tx, userId: string, draftId: string) {
  const rows = await tx
    .select({ id: draftIncidents.id })
    .from(draftIncidents)
    .where(and(eq(draftIncidents.id, draftId), eq(draftIncidents.userId, userId)));
  return rows.length > 0;
}

/**
 * Deletes one of the user's drafts with its uploaded attachments; answers the storage keys to
 * remove after the commit. Discarding a working copy changes no incident, so any draft privilege
 * is enough for one's own.
 */
export async function deleteDraft(tx: Tx, principal: Principal, draftId: string): Promise<string[]> {
  if (!(await findOwnDraftAnyStatus(tx, principal.userId, draftId))) throw notFound('Draft');
  return deleteDraftRow(tx, draftId);
}
