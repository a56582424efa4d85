import { LIMITS } from '@blotter/shared/constants';
import { hasPrivilege } from '@blotter/shared/privileges';
import type { Attachment } from '@blotter/shared/schemas/incident-parts';

export const DELETE_ATTACHMENT_QUESTION = 'Are you sure you want to delete this attachment?';
export const NO_DELETE_PERMISSION =
  'You do not have permission to delete attachments. Please ask administrator to delete the attachment.';

/** Spec 1 §6: an attachment already stored (creationDate) is deleted only with DELETE_ATTACHMENT. */
export function canDeleteAttachment(
  stored: Pick<Attachment, 'creationDate'> | undefined,
  user: { admin: boolean; privileges: readonly string[] } | undefined,
): boolean {
  if (!stored?.creationDate) return true;
  return hasPrivilege(user ?? null, 'DELETE_ATTACHMENT');
}

/** The spec's limits of the attachment dialogs' fields (spec 1 §5), checked as the person types. */
export const ATTACHMENT_LIMITS = {
  name: LIMITS.attachmentNameMax,
  comments: LIMITS.attachmentCommentsMax,
} as const;
