import { incidentActions } from '@blotter/shared';
import type { Tx } from '../../db/client';
import { renderPdf } from '../../platform/pdf';
import { accountFolder, type StorageAdapter } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { writeReadAudit } from '../audit/audit.service';
import { loadIncidentSnapshot } from '../incidents/changes/record-incident-change';
import { authorizeIncident } from '../incidents/incident.policy';
import { pictureFolder } from '../incidents/incident-fields';
import { incidentPrintDocument } from './incident-print-document';
import { loadPrintData } from './print.queries';
import { printableLogo, printablePictures } from './print-images';

export interface PrintDeps {
  storage: StorageAdapter;
  /** Runs fn in one transaction of the user's company. */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface PrintedIncident {
  number: number;
  pdf: Buffer;
}

/**
 * The incident as a PDF (spec 1 §6 Print: ALLINCIDENT_PRINT, or MYINCIDENT_PRINT for one's own;
 * open and closed incidents only). An incident the user cannot see is answered 404 like one that
 * does not exist. The print is recorded as an INCIDENT / PRINT audit entry once the PDF is built.
 *
 * Two short transactions rather than one: rendering takes far longer than the reads, and a
 * transaction held open meanwhile would hold PGlite's single connection from every other request.
 */
export async function printIncident(
  deps: PrintDeps,
  principal: Principal,
  incidentId: string,
  options: { timezoneOffset: number; now?: Date },
): Promise<PrintedIncident> {
  const { incident, data, viewPrivate } = await deps.tenant(async (tx) => {
    const incident = authorizeIncident(principal, await loadIncidentSnapshot(tx, incidentId), 'print');
    return {
      incident,
      data: await loadPrintData(tx, principal.accountId, incidentId),
      viewPrivate: incidentActions(principal, incident).viewPrivate,
    };
  });

  const logoKey = data.account.logoImage?.startsWith(`${accountFolder(principal.accountId)}/`)
    ? data.account.logoImage
    : null;
  const [logo, pictures] = await Promise.all([
    printableLogo(deps.storage, logoKey),
    printablePictures(
      deps.storage,
      incident.persons.map((person) => person.personPicture),
      pictureFolder(principal.accountId),
    ),
  ]);
  const document = incidentPrintDocument(incident, {
    companyName: data.account.companyName,
    logo,
    dateFormat: data.account.dateFormat,
    measurementType: data.account.measurementType,
    timezoneOffset: options.timezoneOffset,
    lookups: data.lookups,
    viewPrivate,
    files: data.files,
    pictures,
    printedBy: principal.name,
    printedAt: options.now ?? new Date(),
  });
  const pdf = await renderPdf(document);

  await deps.tenant((tx) =>
    writeReadAudit(tx, principal, {
      objectType: 'INCIDENT',
      transactionType: 'PRINT',
      objectName: `#${incident.number}`,
      objectId: incidentId,
    }),
  );
  return { number: incident.number, pdf };
}
