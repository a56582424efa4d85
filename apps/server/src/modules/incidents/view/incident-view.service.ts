import {
  type CompanyView,
  type CorrectiveAction,
  type IncidentDetail,
  type IncidentPartsView,
  type IncidentRuleTarget,
  type ItemView,
  incidentActions,
  type PersonView,
  type VehicleView,
} from '@blotter/shared';
import type { Executor, Tx } from '../../../db/client';
import type { FileSigner } from '../../../platform/storage';
import type { Principal } from '../../../plugins/auth';
import { writeReadAudit } from '../../audit/audit.service';
import { seesPrivateFields } from '../../parties/person-privacy';
import { listIncidentAttachments, toAttachment } from '../attachments/attachments.queries';
import { visibleOrNotFound } from '../incident.policy';
import { pictureFolder } from '../incident-fields';
import { personForViewer } from '../incident-privacy';
import {
  type IncidentDetailRow,
  loadCompanyCards,
  loadCorrectiveActionCards,
  loadIncidentDetail,
  loadIncidentRules,
  loadItemCards,
  loadPersonCards,
  loadVehicleCards,
  type OwnedCard,
  type PartCards,
} from './incident-view.queries';

/** GET /incidents/{id}: the incident without its parts, with what the user may do with it. */
export async function getIncidentDetail(
  tx: Executor,
  principal: Principal,
  incidentId: string,
): Promise<IncidentDetail> {
  return incidentDetailFor(principal, await loadIncidentDetail(tx, incidentId));
}

/** The answer of GET /incidents/{id} from its row (undefined or null: missing), or 404 when the user may not see it. */
export function incidentDetailFor(principal: Principal, row: IncidentDetailRow | null | undefined): IncidentDetail {
  const incident = visibleOrNotFound(principal, row ?? undefined);
  return { ...incident, actions: incidentActions(principal, incident) };
}

/** The cards of a part when the user may see the incident, otherwise 404. */
async function visibleCards<T>(principal: Principal, read: Promise<PartCards<T> | undefined>): Promise<T[]> {
  const part = await read;
  visibleOrNotFound(principal, part?.incident);
  return part?.cards ?? [];
}

/** Persons in card order, private fields masked without PRIVACY_INFO_VIEW, pictures as signed URLs. */
export async function getIncidentPersons(
  tx: Executor,
  principal: Principal,
  incidentId: string,
  signer: FileSigner,
): Promise<PersonView[]> {
  const cards = await visibleCards(principal, loadPersonCards(tx, incidentId));
  const showPrivate = seesPrivateFields(principal);
  const folder = pictureFolder(principal.accountId);
  return cards.map((card) => {
    // Only the company's own picture files are signed (the form never stores others).
    const picture = card.personPicture?.startsWith(folder) ? card.personPicture : null;
    return personForViewer(card, showPrivate, picture ? signer.url(picture, principal.accountId) : null);
  });
}

export const getIncidentCompanies = (tx: Executor, principal: Principal, incidentId: string): Promise<CompanyView[]> =>
  visibleCards(principal, loadCompanyCards(tx, incidentId));

export const getIncidentCorrectiveActions = (
  tx: Executor,
  principal: Principal,
  incidentId: string,
): Promise<CorrectiveAction[]> => visibleCards(principal, loadCorrectiveActionCards(tx, incidentId));

/** Vehicle or item cards with their files answered like GET /incidents/{id}/attachments. */
function withSignedFiles<T>(cards: OwnedCard<T>[], principal: Principal, signer: FileSigner) {
  return cards.map((card) => ({
    ...card,
    attachments: card.attachments.map((file) => toAttachment(file, signer, principal.accountId)),
  }));
}

export async function getIncidentVehicles(
  tx: Executor,
  principal: Principal,
  incidentId: string,
  signer: FileSigner,
): Promise<VehicleView[]> {
  return withSignedFiles(await visibleCards(principal, loadVehicleCards(tx, incidentId)), principal, signer);
}

export async function getIncidentItems(
  tx: Executor,
  principal: Principal,
  incidentId: string,
  signer: FileSigner,
): Promise<ItemView[]> {
  return withSignedFiles(await visibleCards(principal, loadItemCards(tx, incidentId)), principal, signer);
}

/**
 * GET /incidents/{id}/parts: every part in one transaction, as the single-part calls answer them
 * (one request instead of six when the viewer opens).
 */
export async function getIncidentParts(
  tx: Tx,
  principal: Principal,
  incidentId: string,
  signer: FileSigner,
): Promise<IncidentPartsView> {
  const persons = await getIncidentPersons(tx, principal, incidentId, signer);
  const companies = await getIncidentCompanies(tx, principal, incidentId);
  const vehicles = await getIncidentVehicles(tx, principal, incidentId, signer);
  const items = await getIncidentItems(tx, principal, incidentId, signer);
  const files = await listIncidentAttachments(tx, principal, incidentId);
  const correctiveActions = await getIncidentCorrectiveActions(tx, principal, incidentId);
  const attachments = files.map((file) => toAttachment(file, signer, principal.accountId));
  return { persons, companies, vehicles, items, attachments, correctiveActions };
}

/**
 * POST /incidents/audits/read: the user opened the incident in the viewer. The audit names the
 * incident by its stored number, whatever number the browser sent.
 */
export async function recordIncidentRead(tx: Tx, principal: Principal, incidentId: string): Promise<void> {
  const incident: IncidentRuleTarget & { number: number } = visibleOrNotFound(
    principal,
    await loadIncidentRules(tx, incidentId),
  );
  await writeReadAudit(tx, principal, {
    objectType: 'INCIDENT',
    transactionType: 'READ',
    objectName: `#${incident.number}`,
    objectId: incidentId,
  });
}
