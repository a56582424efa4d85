import type { Country } from '@blotter/shared/schemas/geo';
import type { AttachmentType } from '@blotter/shared/schemas/incident-parts';
import type { LookupNode, SingleLookup } from '@blotter/shared/schemas/lookups';

/**
 * The read-only sections as display text, built by pure functions from an incident (viewer) or a
 * version of it (history), so the two columns of the compare can be diffed key by key.
 */

export interface ViewField {
  /** Unique in the incident, e.g. 'persons.<card id>.firstName'. */
  key: string;
  label: string;
  /** The display text ('' when empty). */
  text: string;
  /** Rich text as the server sanitised it (summary, cause comments, corrective action details). */
  html?: string;
  /** A private person field (masked until unlocked; withheld by the server without the privilege). */
  private?: boolean;
}

export interface ViewFile {
  key: string;
  id: string;
  name: string;
  comments: string;
  type: AttachmentType | undefined;
  /** Signed URL of the file (viewer only; the history keeps no links). */
  url: string | null;
  thumbnailUrl: string | null;
}

export interface ViewCard {
  key: string;
  title: string;
  chips: string[];
  fields: ViewField[];
  /** Persons: 'hidden' when the server withheld the private fields, 'masked' when they can be unlocked. */
  privacy: 'none' | 'masked' | 'hidden';
  /** A person's picture: its storage key (compared) and signed URL (shown). */
  picture?: { key: string | null; url: string | null };
  files: ViewFile[];
}

export interface ViewSection {
  key: string;
  title: string;
  fields: ViewField[];
  cards: ViewCard[];
  files: ViewFile[];
  /** Shown when the section has nothing to show. */
  emptyText?: string;
}

/** The reference data the sections read names and formats from (the initial data). */
export interface ViewContext {
  dateFormat: number;
  measurementType: number;
  multipleLookups: Record<string, LookupNode[]>;
  singleLookups: Record<string, SingleLookup[]>;
  countries: Country[];
}

/** What a field compares by: its text, or for rich text its markup (an empty document is empty). */
export function fieldValue(field: ViewField): string {
  if (field.text === '') return '';
  return field.html ?? field.text;
}
export const fileValue = (file: ViewFile) => `${file.name}\u0000${file.comments}`;
