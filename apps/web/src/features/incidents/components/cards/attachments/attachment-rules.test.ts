import { describe, expect, it } from 'vitest';
import { attachmentEditDialogSchema } from './attachment-dialog-schema';
import { ATTACHMENT_LIMITS, canDeleteAttachment } from './attachment-rules';
import { inScope } from './use-form-attachments';

const user = (privileges: string[], admin = false) => ({ admin, privileges });

describe('canDeleteAttachment', () => {
  it('lets anyone delete a file uploaded to the working copy only', () => {
    expect(canDeleteAttachment({ creationDate: null }, user([]))).toBe(true);
    expect(canDeleteAttachment(undefined, user([]))).toBe(true);
  });

  it('needs DELETE_ATTACHMENT (or admin) for a stored attachment', () => {
    const stored = { creationDate: '2026-01-02T03:04:05Z' };
    expect(canDeleteAttachment(stored, user([]))).toBe(false);
    expect(canDeleteAttachment(stored, undefined)).toBe(false);
    expect(canDeleteAttachment(stored, user(['DELETE_ATTACHMENT']))).toBe(true);
    expect(canDeleteAttachment(stored, user([], true))).toBe(true);
  });
});

describe('inScope', () => {
  const vehicle = '11111111-1111-4111-8111-111111111111';
  it('keeps vehicle and item files out of the incident list', () => {
    const incident = { incidentVehicleId: null, incidentItemId: null };
    expect(inScope({ incidentVehicleId: null, incidentItemId: null }, incident)).toBe(true);
    expect(inScope({}, incident)).toBe(true);
    expect(inScope({ incidentVehicleId: vehicle, incidentItemId: null }, incident)).toBe(false);
    expect(inScope({ incidentVehicleId: vehicle }, { incidentVehicleId: vehicle, incidentItemId: null })).toBe(true);
  });
});

describe('the attachment dialogs refuse a long name with the spec message', () => {
  it('answers a name one past the limit with the message instead of cutting it', () => {
    const name = 'n'.repeat(ATTACHMENT_LIMITS.name + 1);
    const result = attachmentEditDialogSchema.safeParse({ name, comments: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Name must be at most 100 characters.');
    expect(attachmentEditDialogSchema.safeParse({ name: name.slice(1), comments: '' }).success).toBe(true);
  });
});
