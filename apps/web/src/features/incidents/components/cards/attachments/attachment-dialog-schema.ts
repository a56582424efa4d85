import { attachmentEditSchema, PART_MESSAGES } from '@blotter/shared/schemas/incident-parts';
import { z } from 'zod';

/** The Add Attachment dialog: the shared name and comments rules plus the required file (spec 1 §5). */
export const attachmentDialogSchema = attachmentEditSchema.pick({ name: true, comments: true }).extend({
  file: z
    .custom<File | null>((value) => value === null || (typeof File !== 'undefined' && value instanceof File))
    .refine((value) => value !== null, PART_MESSAGES.fileRequired),
});
export type AttachmentDialogValues = z.input<typeof attachmentDialogSchema>;
export type AttachmentDialogOutput = z.output<typeof attachmentDialogSchema>;

/** The edit dialog: name and comments. */
export const attachmentEditDialogSchema = attachmentEditSchema.pick({ name: true, comments: true });
export type AttachmentEditDialogValues = z.input<typeof attachmentEditDialogSchema>;
export type AttachmentEditDialogOutput = z.output<typeof attachmentEditDialogSchema>;
