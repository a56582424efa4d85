import {
  type AddressParts,
  type AttachmentType,
  countryNames,
  formatAddress,
  ownerName,
  type ReaderClock,
} from '@blotter/shared';
import { COUNTRIES } from '../../db/seed/data/countries';
import type { AllLookups } from '../lookups/lookups.queries';

/** A stored file of the incident as the print lists it. */
export interface PrintAttachmentFile {
  fileName: string;
  attachmentType: AttachmentType | string;
}

/** What every part of the printed incident reads besides its own card. */
export interface PrintContext {
  /** The reader's date format and time zone: printed times are the times the viewer shows. */
  clock: ReaderClock;
  measurementType: number;
  lookups: AllLookups;
  /** PRIVACY_INFO_VIEW: person details are printed; without it they read 'Hidden'. */
  viewPrivate: boolean;
  /** Names of the persons and legal entities of the incident by card id (owners, involved persons). */
  partyNames: ReadonlyMap<string, string>;
  /** Person pictures by storage key (those that could be read). */
  pictures: ReadonlyMap<string, Buffer>;
  /** The incident's stored files by attachment id. */
  files: ReadonlyMap<string, PrintAttachmentFile>;
}

const countryNameOf = countryNames(COUNTRIES.map(([code, name]) => ({ code, name })));

/** An address on one line with the country by name, as the viewer writes it (shared formatAddress). */
export const printAddress = (parts: AddressParts) => formatAddress(parts, countryNameOf);

/** The name of a party card of the incident; '' for none, 'Unknown' for a card that is not there. */
export function partyName(context: PrintContext, id: string | null | undefined): string {
  return ownerName(id, id ? context.partyNames.get(id) : undefined);
}
