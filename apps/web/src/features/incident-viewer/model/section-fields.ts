import { displayName, personName } from '@blotter/shared/presentation';
import { htmlToText } from '@blotter/shared/rich-text';
import type { IncidentViewData, ViewAttachmentData } from './view-data';
import type { ViewField, ViewFile } from './view-sections';

/** Building blocks of the section builders. */

export const field = (key: string, label: string, text: string | null | undefined): ViewField => ({
  key,
  label,
  text: text?.trim() ?? '',
});
export const richField = (key: string, label: string, html: string): ViewField => ({
  key,
  label,
  text: htmlToText(html).trim(),
  html,
});
export const privateField = (key: string, label: string, text: string | null | undefined): ViewField => ({
  ...field(key, label, text),
  private: true,
});

export function fileOf(attachment: ViewAttachmentData): ViewFile {
  return {
    key: `attachments.${attachment.id}`,
    id: attachment.id,
    name: attachment.name,
    comments: attachment.comments,
    type: attachment.attachmentType,
    url: attachment.sasKey ?? null,
    thumbnailUrl: attachment.thumbnailSasKey ?? null,
  };
}

/** Names of the persons and legal entities of the incident by card id. */
export function partyNames(data: IncidentViewData): Map<string, string> {
  const names = new Map<string, string>();
  for (const person of data.persons) {
    names.set(person.id, personName(person));
  }
  for (const company of data.companies) names.set(company.id, displayName(company.name));
  return names;
}
