import type { SubjectKind } from '@blotter/shared';
import {
  COLORS,
  drawText,
  ensureSpace,
  openPdf,
  type PrintField,
  printed,
  writeHeader,
  writePageFooters,
  writeSection,
} from '../../platform/pdf';

/** The notices that are handed to the subject; a watch is for staff only and has none. */
export type NoticeType = 'ban' | 'trespass';

export const NOTICE_TITLES: Record<NoticeType, string> = { ban: 'Ban notice', trespass: 'Trespass notice' };

/** Everything a printed notice says, already formatted (dates in the company's format). */
export interface BanNotice {
  companyName: string;
  /** PNG or JPEG bytes of the company logo. */
  logo?: Buffer | undefined;
  type: NoticeType;
  /** Set when the notice is no longer in force: 'Expired on …' or 'Revoked on …'. */
  notInForce: string | null;
  subject: {
    kind: SubjectKind;
    /** The person's or legal entity's name, or the vehicle's plate (and province). */
    name: string;
    /** Identity fields beside the name (alias, vehicle, and a person's private ones only for PRIVACY_INFO_VIEW). */
    fields: PrintField[];
    /** A person's photo from the register card (JPEG or PNG). */
    photo?: Buffer | undefined;
  };
  /** The covered locations by path; empty: every location of the company. */
  locations: string[];
  /** The first day, formatted. */
  start: string;
  /** The last day, formatted; null: until further notice. */
  end: string | null;
  reason: string;
  issuedBy: string;
  /** The day it was recorded, formatted. */
  issuedOn: string;
  /** 'Printed … by …'. */
  footer: string;
}

/** Who the terms and the signature line speak of, by kind of subject. */
const PARTY: Record<SubjectKind, { subject: (name: string) => string; signer: string }> = {
  person: { subject: (name) => `${name} is`, signer: 'Signature of the subject' },
  legalEntity: {
    subject: (name) => `${name} and its representatives are`,
    signer: 'Signature of its representative',
  },
  vehicle: {
    subject: (name) => `The vehicle ${name}, its driver and its occupants are`,
    signer: 'Signature of the driver or owner',
  },
};

/** The period as the notice states it: 'from 11/01/2026 until 03/12/2027' or '… until further notice'. */
export const periodText = (start: string, end: string | null) => `from ${start} until ${end ?? 'further notice'}`;

/**
 * The standard terms of the notice: the subject may not enter the covered locations during the
 * period and may be treated as trespassing if they do.
 */
export function noticeTerms(
  notice: Pick<BanNotice, 'type' | 'subject' | 'locations' | 'start' | 'end' | 'companyName'>,
) {
  const where =
    notice.locations.length > 0
      ? 'the locations listed above, including every place within them,'
      : `every location of ${notice.companyName}`;
  const who = PARTY[notice.subject.kind].subject(notice.subject.name);
  const verb = notice.type === 'ban' ? 'banned from' : 'forbidden to enter or remain on';
  return (
    `${who} ${verb} ${where} ${periodText(notice.start, notice.end)}. ` +
    'Entering or remaining there during this period may be treated as trespassing: the subject may be asked to ' +
    `leave, removed, and reported to the police. Only ${notice.companyName} can withdraw this notice, in writing.`
  );
}

/**
 * The notice on one letter page (a long list of locations runs over): the company's header, the
 * subject with their photo, the locations, period, reason and terms, who issued it when, and the
 * lines for the subject's and the officer's signatures.
 */
export function renderBanNotice(notice: BanNotice): Promise<Buffer> {
  const title = NOTICE_TITLES[notice.type];
  const { pdf, bytes } = openPdf({ title, author: notice.companyName });
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  writeHeader(pdf, {
    companyName: notice.companyName,
    logo: notice.logo,
    title,
    subtitle: notice.notInForce ?? undefined,
  });

  writeSection(
    pdf,
    {
      title: 'Subject',
      blocks: [
        {
          heading: notice.subject.name,
          fields: notice.subject.fields,
          image: notice.subject.photo,
        },
      ],
    },
    width,
  );
  writeSection(
    pdf,
    {
      title: notice.type === 'ban' ? 'Terms of the ban' : 'Terms of the notice',
      blocks: [
        {
          fields: [
            {
              label: 'Locations',
              value:
                notice.locations.length > 0 ? notice.locations.join('\n') : `Every location of ${notice.companyName}`,
              paragraph: true,
            },
            { label: 'Period', value: `From ${notice.start} until ${notice.end ?? 'further notice'}` },
            { label: 'Issued by', value: `${notice.issuedBy} on ${notice.issuedOn}` },
            { label: 'Reason', value: notice.reason, paragraph: true },
            { label: 'Terms', value: noticeTerms(notice), paragraph: true },
          ],
        },
      ],
    },
    width,
  );
  writeSignatures(pdf, PARTY[notice.subject.kind].signer, left, width);

  writePageFooters(pdf, notice.footer);
  pdf.end();
  return bytes;
}

/** A line to write on with its caption under it, and a date line beside it unless told otherwise. */
function signatureRow(pdf: PDFKit.PDFDocument, caption: string, left: number, width: number, dated = true) {
  const dateWidth = 130;
  const gap = 24;
  const lineWidth = width - dateWidth - gap;
  const lineY = pdf.y + 28;
  pdf.strokeColor(COLORS.text).lineWidth(0.75);
  pdf
    .moveTo(left, lineY)
    .lineTo(left + lineWidth, lineY)
    .stroke();
  pdf.fillColor(COLORS.muted).fontSize(9);
  drawText(pdf, printed(caption, 'regular'), left, lineY + 4, { width: lineWidth });
  if (dated) {
    pdf
      .moveTo(left + width - dateWidth, lineY)
      .lineTo(left + width, lineY)
      .stroke();
    drawText(pdf, printed('Date', 'regular'), left + width - dateWidth, lineY + 4, { width: dateWidth });
  }
  pdf.x = left;
  pdf.y = lineY + 20;
}

/**
 * The acknowledgement: the subject's signature (or a box to tick when they refuse to sign), then
 * the officer's signature and printed name. Kept together on one page.
 */
function writeSignatures(pdf: PDFKit.PDFDocument, signer: string, left: number, width: number) {
  ensureSpace(pdf, 220);
  pdf.moveDown(0.6);
  pdf.fillColor(COLORS.text).fontSize(10);
  drawText(pdf, printed('I have received a copy of this notice.', 'regular'), left, pdf.y, { width });
  signatureRow(pdf, signer, left, width);
  const boxY = pdf.y + 2;
  pdf.strokeColor(COLORS.text).lineWidth(0.75).rect(left, boxY, 9, 9).stroke();
  pdf.fillColor(COLORS.text).fontSize(9);
  drawText(pdf, printed('The subject refused to sign.', 'regular'), left + 15, boxY, { width: width - 15 });
  pdf.y = boxY + 18;
  signatureRow(pdf, 'Signature of the officer', left, width);
  signatureRow(pdf, 'Name of the officer', left, width, false);
}
