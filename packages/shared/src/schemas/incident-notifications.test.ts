import { describe, expect, it } from 'vitest';
import {
  incidentNotificationBody,
  incidentNotificationForm,
  incidentNotificationFormSchema,
  INCIDENT_NOTIFICATION_MESSAGES as M,
  newIncidentNotificationForm,
} from './incident-notifications';

const CLASS = '0b7f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const valid = () => ({
  id: null,
  name: 'Theft alert',
  recipients: 'guard@example.com',
  lookupClasses: [{ classLookupId: CLASS, CREATE: true, EDIT: false, CLOSE: false }],
});
const messages = (value: unknown) => {
  const result = incidentNotificationFormSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the email notification dialog rules (spec 3 §4, §5)', () => {
  it("starts a new rule as 'New notification' with one empty class row with CREATE", () => {
    expect(newIncidentNotificationForm()).toEqual({
      id: null,
      name: 'New notification',
      recipients: '',
      bannedSubjectAlerts: false,
      lookupClasses: [{ classLookupId: '', CREATE: true, EDIT: false, CLOSE: false }],
    });
    expect(messages(newIncidentNotificationForm())).toEqual([
      ['recipients', M.recipientsRequired],
      ['lookupClasses.0.classLookupId', M.classRequired],
    ]);
  });

  it('takes recipients comma-separated and trimmed, each once, into the request body', () => {
    const parsed = incidentNotificationFormSchema.parse({
      ...valid(),
      recipients: ' guard@example.com ,boss@example.com,, Guard@Example.com ',
      lookupClasses: [{ classLookupId: CLASS, CREATE: true, EDIT: false, CLOSE: true }],
    });
    expect(incidentNotificationBody(parsed)).toEqual({
      id: null,
      name: 'Theft alert',
      recipientEmails: ['Guard@Example.com', 'boss@example.com'],
      bannedSubjectAlerts: false,
      lookupClasses: [{ classLookupId: CLASS, eventTypeList: 'CREATE,CLOSE' }],
    });
  });

  it('shows each validation text on its field', () => {
    expect(messages({ ...valid(), name: ' ' })).toEqual([['name', M.nameRequired]]);
    expect(messages({ ...valid(), recipients: ' , ' })).toEqual([['recipients', M.recipientsMin]]);
    expect(messages({ ...valid(), recipients: 'guard@example.com, nobody' })).toEqual([
      ['recipients', M.recipientInvalid],
    ]);
    expect(messages({ ...valid(), lookupClasses: [] })).toEqual([['lookupClasses', M.classesMin]]);
    expect(
      messages({ ...valid(), lookupClasses: [{ classLookupId: CLASS, CREATE: false, EDIT: false, CLOSE: false }] }),
    ).toEqual([['lookupClasses.0.CLOSE', M.eventTypesMin]]);
  });

  it('carries the banned-subject alerts choice into the request body, and then needs no class row', () => {
    const parsed = incidentNotificationFormSchema.parse({ ...valid(), bannedSubjectAlerts: true });
    expect(incidentNotificationBody(parsed).bannedSubjectAlerts).toBe(true);
    expect(messages({ ...valid(), bannedSubjectAlerts: true, lookupClasses: [] })).toEqual([]);
    expect(messages({ ...valid(), bannedSubjectAlerts: false, lookupClasses: [] })).toEqual([
      ['lookupClasses', M.classesMin],
    ]);
  });

  it('turns a stored rule back into the dialog values', () => {
    expect(
      incidentNotificationForm({
        id: 'r1',
        name: 'Theft alert',
        recipientEmails: ['a@example.com', 'b@example.com'],
        bannedSubjectAlerts: true,
        lookupClasses: [{ classLookupId: CLASS, className: 'Security', eventTypeList: 'EDIT,CLOSE' }],
      }),
    ).toEqual({
      id: 'r1',
      name: 'Theft alert',
      recipients: 'a@example.com, b@example.com',
      bannedSubjectAlerts: true,
      lookupClasses: [{ classLookupId: CLASS, CREATE: false, EDIT: true, CLOSE: true }],
    });
  });
});
