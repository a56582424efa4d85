import { INCIDENT_MESSAGES, INCIDENT_STATUS, type IncidentFields, type ReaderClock } from '@blotter/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts, incidents } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { AppError, notFound } from '../../plugins/errors';
import { followMerges } from '../parties/merged-records';
import { registerParties } from '../parties/parties.service';
import { linkAttachments } from './attachments/attachments.service';
import { assertCurrentVersion } from './changes/incident-version';
import { recordIncidentChange } from './changes/record-incident-change';
import { deleteDraftRow, findOwnDraft } from './drafts/drafts.queries';
import { incidentForEdit } from './incident.policy';
import { incidentColumns, sanitizeIncidentFields } from './incident-fields';
import { deleteParts, insertParts } from './incident-parts.queries';
import { keepPrivateOnSubmit } from './incident-privacy';
import { validateReferences } from './incident-validation';
import { savedCopyOf } from './working-copies/working-copy';

/** What a submit answers, plus the stored files of the removed working copy (removed after the commit). */
export interface SubmitResult {
  id: string;
  number: number;
  removedFiles: string[];
}

/** The next incident number of the company (numbers are per company, never reused). */
async function nextIncidentNumber(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .update(accounts)
    .set({ incidentSeq: sql`${accounts.incidentSeq} + 1` })
    .where(eq(accounts.id, accountId))
    .returning({ number: accounts.incidentSeq });
  if (!row) throw new AppError('NOT_FOUND', 'Company not found.');
  return row.number;
}

/**
 * Sanitises and checks the submitted form, then records its persons and legal entities in the
 * company's register (the cards come back with personId set).
 */
async function prepareFields(tx: Tx, principal: Principal, submitted: IncidentFields): Promise<IncidentFields> {
  const fields = await validateReferences(tx, sanitizeIncidentFields(submitted, principal.accountId));
  const parties = await registerParties(tx, principal, fields.persons, fields.companies);
  return { ...fields, persons: parties.persons, companies: parties.companies };
}

/**
 * Submits a new incident (spec 1 §4): status Open with the company's next number, every part,
 * the register entries and the draft's attachments; history and audit in the same transaction;
 * the working draft is then removed. `recordedOfflineAt`: when a phone saved it offline (issue 30).
 */
export async function createIncident(
  tx: Tx,
  principal: Principal,
  input: IncidentFields & { draftId: string | null; recordedOfflineAt?: string | undefined },
): Promise<SubmitResult> {
  if (!principal.account.active) throw new AppError('ACCOUNT_DISABLED', INCIDENT_MESSAGES.accountDisabled);
  const { draftId, recordedOfflineAt, ...submitted } = input;
  if (draftId && !(await findOwnDraft(tx, principal.userId, { id: draftId, status: INCIDENT_STATUS.DRAFT }))) {
    throw notFound('Draft');
  }
  const current = await followMerges(tx, principal.accountId, submitted);
  const fields = await prepareFields(tx, principal, await keepPrivateOnSubmit(tx, principal, current, null));
  const number = await nextIncidentNumber(tx, principal.accountId);
  const [incident] = await tx
    .insert(incidents)
    .values({
      accountId: principal.accountId,
      number,
      status: INCIDENT_STATUS.OPEN,
      createUserId: principal.userId,
      ...incidentColumns(fields),
    })
    .returning({ id: incidents.id });
  if (!incident) throw new Error('Insert returned no row');
  await insertParts(tx, principal.accountId, incident.id, fields);
  await linkAttachments(tx, principal, { incidentId: incident.id, draftId }, fields.attachments);
  await recordIncidentChange(tx, principal, incident.id, 'CREATE', { recordedOfflineAt });
  const removedFiles = draftId ? await deleteDraftRow(tx, draftId) : [];
  return { id: incident.id, number, removedFiles };
}

/**
 * Saves an open incident from its open-draft (spec 1 §4): the parts are replaced, history (EDIT)
 * and audit in the same transaction, and the user's open-draft is removed. A copy made from an
 * older version of the incident is refused (STALE_INCIDENT), so no saved change is overwritten.
 */
export async function updateIncident(
  tx: Tx,
  principal: Principal,
  input: IncidentFields & { id: string; draftId: string | null; baseVersion?: number | undefined },
  clock: ReaderClock,
): Promise<SubmitResult> {
  const { id, draftId: formCopyId, baseVersion, ...submitted } = input;
  const incident = await incidentForEdit(tx, principal, id);
  const { draftId, ...copy } = await savedCopyOf(tx, principal, id, formCopyId);
  await assertCurrentVersion(tx, incident, copy.baseVersion ?? baseVersion ?? null, clock);
  const current = await followMerges(tx, principal.accountId, submitted);
  const fields = await prepareFields(tx, principal, await keepPrivateOnSubmit(tx, principal, current, incident.id));
  await tx
    .update(incidents)
    .set({ ...incidentColumns(fields), updatedAt: sql`now()` })
    .where(eq(incidents.id, incident.id));
  await deleteParts(tx, incident.id);
  await insertParts(tx, principal.accountId, incident.id, fields);
  await linkAttachments(tx, principal, { incidentId: incident.id, draftId }, fields.attachments);
  await recordIncidentChange(tx, principal, incident.id, 'EDIT');
  const removedFiles = draftId ? await deleteDraftRow(tx, draftId) : [];
  return { id: incident.id, number: incident.number, removedFiles };
}
