import { z } from 'zod';
import { UUID_PATTERN } from './common';

/** The incident changes a rule can ask to be told about (spec 3 §3 Incident notification). */
export const NOTIFICATION_EVENT_TYPES = ['CREATE', 'EDIT', 'CLOSE'] as const;
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];

/** Validation texts of spec 3 §5 Notification, verbatim, and the limits we add. */
export const INCIDENT_NOTIFICATION_MESSAGES = {
  nameRequired: 'Email Subject Heading is a required.',
  nameTooLong: 'Email Subject Heading cannot be greater than 100',
  recipientsMin: 'Please add at least one email to be notified.',
  recipientInvalid: 'Please enter a valid email.',
  recipientsRequired: 'At least one email address is required.',
  recipientsMax: 'At most 50 email addresses can be notified.',
  classesMin: 'Please add at least one event to be notified.',
  classesMax: 'At most 50 incident classes can be notified.',
  classRequired: 'Please select an incident class.',
  eventTypesMin: 'Please select at least one event type.',
  eventTypeUnknown: 'Event types are CREATE, EDIT and CLOSE.',
  tooMany: 'A company can have at most 100 email notifications.',
  classNotFound: 'Please select an incident class.',
} as const;

export const INCIDENT_NOTIFICATION_LIMITS = { rules: 100, recipients: 50, classes: 50, nameMax: 100 } as const;

const M = INCIDENT_NOTIFICATION_MESSAGES;

/** Emails typed comma-separated, trimmed, empty parts left out (spec 3 §5). */
export const splitRecipientEmails = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** The event types of a comma-joined list ('CREATE,EDIT'), trimmed, empty parts left out. */
export const splitEventTypes = (list: string): string[] =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

const isEventType = (value: string): value is NotificationEventType =>
  (NOTIFICATION_EVENT_TYPES as readonly string[]).includes(value);

const nameSchema = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(INCIDENT_NOTIFICATION_LIMITS.nameMax, M.nameTooLong);

const classIdSchema = z
  .string({ error: M.classRequired })
  .length(36, M.classRequired)
  .regex(UUID_PATTERN, M.classRequired);

/** One class row: the class (its subtree is meant) and its events, comma-joined. */
export const lookupClassInputSchema = z.object({
  classLookupId: classIdSchema,
  eventTypeList: z
    .string({ error: M.eventTypesMin })
    .max(100, M.eventTypeUnknown)
    .transform(splitEventTypes)
    .refine((types) => types.length > 0, M.eventTypesMin)
    .refine((types) => types.every(isEventType), M.eventTypeUnknown)
    // Stored in the order of NOTIFICATION_EVENT_TYPES, each once.
    .transform((types) => NOTIFICATION_EVENT_TYPES.filter((type) => types.includes(type)).join(',')),
});

const recipientsSchema = z
  .array(
    z.string({ error: M.recipientInvalid }).trim().max(255, M.recipientInvalid).pipe(z.email(M.recipientInvalid)),
    {
      error: M.recipientsRequired,
    },
  )
  .min(1, M.recipientsMin)
  .max(INCIDENT_NOTIFICATION_LIMITS.recipients, M.recipientsMax)
  // One email per address and rule, however it was typed.
  .transform((emails) => [...new Map(emails.map((email) => [email.toLowerCase(), email])).values()]);

/** A rule needs an event: a class row, or the banned-subject alerts (issue 31 §5), which need no class. */
const needsAnEvent = (
  rule: { lookupClasses: readonly unknown[]; bannedSubjectAlerts: boolean },
  ctx: z.RefinementCtx,
) => {
  if (rule.lookupClasses.length === 0 && !rule.bannedSubjectAlerts)
    ctx.addIssue({ code: 'custom', message: M.classesMin, path: ['lookupClasses'] });
};

const incidentNotificationFields = z.object({
  id: z.string().max(100).nullish(),
  name: nameSchema,
  lookupClasses: z
    .array(lookupClassInputSchema, { error: M.classesMin })
    .max(INCIDENT_NOTIFICATION_LIMITS.classes, M.classesMax),
  recipientEmails: recipientsSchema,
  /** Also send this rule's recipients every banned-subject alert (issue 31 §5), whatever the class. */
  bannedSubjectAlerts: z.boolean('bannedSubjectAlerts must be true or false.').default(false),
});

/** POST /incidentNotifications: a new rule (the id, if sent, is ignored: the server makes one). */
export const incidentNotificationCreateSchema = incidentNotificationFields.superRefine(needsAnEvent);
export type IncidentNotificationCreate = z.output<typeof incidentNotificationCreateSchema>;
export type IncidentNotificationInput = z.input<typeof incidentNotificationCreateSchema>;

/** PUT /incidentNotifications: the same body, naming the rule to replace. */
export const incidentNotificationUpdateSchema = incidentNotificationFields
  .extend({ id: z.string().regex(UUID_PATTERN, 'Invalid id') })
  .superRefine(needsAnEvent);
export type IncidentNotificationUpdate = z.output<typeof incidentNotificationUpdateSchema>;

/** A rule as answered: each class with its full path for showing. */
export const incidentNotificationSchema = z.object({
  id: z.string(),
  name: z.string(),
  recipientEmails: z.array(z.string()),
  bannedSubjectAlerts: z.boolean(),
  lookupClasses: z.array(
    z.object({
      classLookupId: z.string(),
      /** The class's path from the top ('Theft / Shoplifting'); '' if the class is gone. */
      className: z.string(),
      eventTypeList: z.string(),
    }),
  ),
});
export type IncidentNotification = z.infer<typeof incidentNotificationSchema>;

/** The add/edit dialog's values: recipients as typed, events as checkboxes (spec 3 §2, §5). */
export const incidentNotificationFormSchema = z
  .object({
    id: z.string().nullable(),
    name: nameSchema,
    // One message on the field itself (a text box), whichever address is wrong.
    recipients: z.string().transform((text, ctx) => {
      const emails = splitRecipientEmails(text);
      const message =
        text.trim() === ''
          ? M.recipientsRequired
          : emails.length === 0
            ? M.recipientsMin
            : emails.length > INCIDENT_NOTIFICATION_LIMITS.recipients
              ? M.recipientsMax
              : emails.some((email) => email.length > 255 || !z.email().safeParse(email).success)
                ? M.recipientInvalid
                : undefined;
      if (message) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Map(emails.map((email) => [email.toLowerCase(), email])).values()];
    }),
    bannedSubjectAlerts: z.boolean().default(false),
    lookupClasses: z
      .array(
        z.object({
          classLookupId: z.string().length(36, M.classRequired),
          CREATE: z.boolean(),
          EDIT: z.boolean(),
          CLOSE: z.boolean(),
        }),
      )
      .max(INCIDENT_NOTIFICATION_LIMITS.classes, M.classesMax)
      .superRefine((rows, ctx) => {
        rows.forEach((row, index) => {
          if (!row.CREATE && !row.EDIT && !row.CLOSE) {
            ctx.addIssue({ code: 'custom', message: M.eventTypesMin, path: [index, 'CLOSE'] });
          }
        });
      }),
  })
  .superRefine(needsAnEvent);
export type IncidentNotificationFormValues = z.input<typeof incidentNotificationFormSchema>;

/** The request body of the dialog's values (after incidentNotificationFormSchema parsed them). */
export function incidentNotificationBody(
  values: z.output<typeof incidentNotificationFormSchema>,
): IncidentNotificationInput {
  return {
    id: values.id,
    name: values.name,
    recipientEmails: values.recipients,
    bannedSubjectAlerts: values.bannedSubjectAlerts,
    lookupClasses: values.lookupClasses.map((row) => ({
      classLookupId: row.classLookupId,
      eventTypeList: NOTIFICATION_EVENT_TYPES.filter((type) => row[type]).join(','),
    })),
  };
}

/** A new rule as the dialog starts it (spec 3 §4): 'New notification', one empty class row with CREATE. */
export const newIncidentNotificationForm = (): IncidentNotificationFormValues => ({
  id: null,
  name: 'New notification',
  recipients: '',
  bannedSubjectAlerts: false,
  lookupClasses: [{ classLookupId: '', CREATE: true, EDIT: false, CLOSE: false }],
});

/** The dialog's values of a stored rule. */
export function incidentNotificationForm(rule: IncidentNotification): IncidentNotificationFormValues {
  return {
    id: rule.id,
    name: rule.name,
    recipients: rule.recipientEmails.join(', '),
    bannedSubjectAlerts: rule.bannedSubjectAlerts,
    lookupClasses: rule.lookupClasses.map((row) => {
      const types = splitEventTypes(row.eventTypeList);
      return {
        classLookupId: row.classLookupId,
        CREATE: types.includes('CREATE'),
        EDIT: types.includes('EDIT'),
        CLOSE: types.includes('CLOSE'),
      };
    }),
  };
}
