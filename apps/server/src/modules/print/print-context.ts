import type { AttachmentType } from '@blotter/shared';
import type { PrintClock, PrintLookups } from './print-format';

/** A stored file of the incident as the print lists it. */
export interface PrintAttachmentFile {
  fileName: string;
  attachmentType: AttachmentType | string;
}

/** What every part of the printed incident reads besides its own card. */
export interface PrintContext {
  clock: PrintClock;
  measurementType: number;
  lookups: PrintLookups;
  /** PRIVACY_INFO_VIEW: person details are printed; without it they read 'Hidden'. */
  viewPrivate: boolean;
  /** Names of the persons and legal entities of the incident by card id (owners, involved persons). */
  partyNames: ReadonlyMap<string, string>;
  /** Person pictures by storage key (those that could be read). */
  pictures: ReadonlyMap<string, Buffer>;
  /** The incident's stored files by attachment id. */
  files: ReadonlyMap<string, PrintAttachmentFile>;
}

/** What a person without PRIVACY_INFO_VIEW reads in place of a private detail. */
export const HIDDEN = 'Hidden';

/** The name of a party card of the incident; '' for none, 'Unknown' for a card that is not there. */
export function partyName(context: PrintContext, id: string | null | undefined): string {
  if (!id) return '';
  return context.partyNames.get(id) ?? 'Unknown';
}
