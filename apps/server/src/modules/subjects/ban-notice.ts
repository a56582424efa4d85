import { randomUUID } from 'node:crypto';
import { displayName, formatCalendarDate, formatDateTime, personName, UNKNOWN } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { PrintField } from '../../platform/pdf';
import { accountFolder } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { writeReadAudit } from '../audit/audit.service';
import { pictureFolder } from '../incidents/incident-fields';
import { findParty } from '../parties/parties.queries';
import { PERSON_TYPE, personCardFrom } from '../parties/party-details';
import { seesPrivateFields } from '../parties/person-privacy';
import type { PrintDeps } from '../print/print.service';
import { printAddress } from '../print/print-context';
import { printableLogo, printablePictures } from '../print/print-images';
import { type BanNoticeData, loadBanNotice } from './ban-notice.queries';
import { type BanNotice, type NoticeType, renderBanNotice } from './ban-notice-pdf';

export const NOTICE_MESSAGES = {
  watch: 'A watch is for staff only: it has no notice to print.',
} as const;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const text = (data: Record<string, unknown> | null | undefined, key: string) =>
  typeof data?.[key] === 'string' ? (data[key] as string).trim() : '';

/** The subject as the notice names it, its photo's storage key, and whether private fields were printed. */
interface NoticeSubject {
  name: string;
  fields: PrintField[];
  photoKey: string | null;
  privateShown: boolean;
}

/**
 * The subject of the ban as its notice shows it: a person's name, alias and photo, and their date
 * of birth and address only for PRIVACY_INFO_VIEW (without it they are left off the notice, never
 * masked in place); a legal entity's name; a vehicle's plate, province or state, and description.
 */
async function noticeSubject(tx: Tx, principal: Principal, ban: BanNoticeData['ban'], dateFormat: number) {
  if (ban.subject_kind === 'vehicle') {
    const [row] = rowsOf<{ data: Record<string, unknown> | null }>(
      await tx.execute(sql`select data from subject_vehicles where id = ${ban.subject_id}
        and account_id = ${principal.accountId}`),
    );
    const plate = text(row?.data, 'licensePlate');
    const province = text(row?.data, 'stateProvince');
    const description = ['color', 'maker', 'model'].map((key) => text(row?.data, key)).filter(Boolean);
    return {
      name: (province ? `${plate} (${province})` : plate) || UNKNOWN,
      fields: [
        { label: 'Plate', value: plate },
        { label: 'Province or state', value: province },
        { label: 'Vehicle', value: description.join(' ') },
      ],
      photoKey: null,
      privateShown: false,
    } satisfies NoticeSubject;
  }
  if (ban.subject_kind === 'legalEntity') {
    const row = await findParty(tx, ban.subject_id, PERSON_TYPE.LEGAL_ENTITY);
    return { name: displayName(row?.name), fields: [], photoKey: null, privateShown: false } satisfies NoticeSubject;
  }
  const row = await findParty(tx, ban.subject_id, PERSON_TYPE.PERSON);
  if (!row) return { name: UNKNOWN, fields: [], photoKey: null, privateShown: false } satisfies NoticeSubject;
  const card = personCardFrom(randomUUID(), row.id, row.data, {
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    alias: row.alias,
    isEmployee: row.isEmployee,
  });
  const fields: PrintField[] = [{ label: 'Also known as', value: card.alias }];
  const privateShown = seesPrivateFields(principal);
  if (privateShown) {
    fields.push(
      { label: 'Date of birth', value: formatCalendarDate(card.dateOfBirth, dateFormat) },
      { label: 'Address', value: printAddress(card) },
    );
  }
  return { name: personName(card), fields, photoKey: card.personPicture || null, privateShown } satisfies NoticeSubject;
}

export interface PrintedNotice {
  fileName: string;
  pdf: Buffer;
}

/**
 * GET /subjects/bans/:id/print: the ban or trespass notice as a PDF to hand to the subject and
 * have signed (SUBJECT_VIEW). Another company's ban, or none, is 404; a watch has no notice (400).
 * The print is audited (SUBJECT PRINT) once the PDF is built, with whether private person details
 * were printed. As the incident print: a short read, the rendering outside any transaction, then
 * the audit entry in its own.
 */
export async function printBanNotice(
  deps: PrintDeps,
  principal: Principal,
  id: string,
  options: { timezoneOffset: number; now?: Date },
): Promise<PrintedNotice> {
  const { data, subject } = await deps.tenant(async (tx) => {
    const data = await loadBanNotice(tx, principal.accountId, id);
    if (!data) throw notFound('Ban');
    if (data.ban.ban_type === 'watch') throw badRequest(NOTICE_MESSAGES.watch);
    return { data, subject: await noticeSubject(tx, principal, data.ban, data.account.dateFormat) };
  });
  const { ban, account } = data;
  const type: NoticeType = ban.ban_type === 'ban' ? 'ban' : 'trespass';
  const day = (value: string) => formatCalendarDate(value, account.dateFormat);

  const logoKey = account.logoImage?.startsWith(`${accountFolder(principal.accountId)}/`) ? account.logoImage : null;
  const [logo, pictures] = await Promise.all([
    printableLogo(deps.storage, logoKey),
    printablePictures(deps.storage, [subject.photoKey], pictureFolder(principal.accountId)),
  ]);
  let notInForce: string | null = null;
  if (ban.status === 'revoked') notInForce = `Revoked on ${day(ban.revoked_on ?? '')}: no longer in force`;
  else if (ban.status === 'expired') notInForce = `Expired on ${day(ban.end_date ?? '')}: no longer in force`;

  const notice: BanNotice = {
    companyName: account.companyName,
    logo,
    type,
    notInForce,
    subject: {
      kind: ban.subject_kind,
      name: subject.name,
      fields: subject.fields,
      photo: subject.photoKey ? pictures.get(subject.photoKey) : undefined,
    },
    locations: data.locations,
    start: day(ban.start_date),
    end: ban.end_date ? day(ban.end_date) : null,
    reason: ban.reason,
    issuedBy: ban.issued_by_name,
    issuedOn: day(ban.issued_on),
    footer: `Printed ${formatDateTime(options.now ?? new Date(), account.dateFormat, options.timezoneOffset)} by ${principal.name}`,
  };
  const pdf = await renderBanNotice(notice);

  await deps.tenant((tx) =>
    writeReadAudit(tx, principal, {
      objectType: 'SUBJECT',
      transactionType: 'PRINT',
      objectName: `${ban.ban_type} ${ban.start_date}`,
      objectId: ban.id,
      objectData: {
        subjectKind: ban.subject_kind,
        subjectId: ban.subject_id,
        privateDetails: subject.privateShown,
      },
    }),
  );
  return { fileName: `${type}-notice-${ban.start_date}.pdf`, pdf };
}
