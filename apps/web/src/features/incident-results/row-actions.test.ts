import type { Privilege } from '@blotter/shared/privileges';
import { describe, expect, it } from 'vitest';
import { canWorkOnDraft, resultRowButtons } from './row-actions';

const user = (privileges: Privilege[], admin = false) => ({ userId: 'me', admin, privileges });
const incident = (status: number, createUserId = 'me') => ({
  status,
  locked: false,
  createUserId,
  assignedUserId: null,
});
const handles = { delete: true, reopen: true };

describe('resultRowButtons', () => {
  it('offers Edit for a non-closed incident the user may edit, View otherwise', () => {
    expect(resultRowButtons(user(['MYINCIDENT_EDIT']), incident(1), handles).open).toBe('edit');
    expect(resultRowButtons(user(['MYINCIDENT_EDIT']), incident(1, 'other'), handles).open).toBe('view');
    expect(resultRowButtons(user(['ALLINCIDENT_EDIT']), incident(1, 'other'), handles).open).toBe('edit');
    expect(resultRowButtons(user(['ALLINCIDENT_EDIT']), incident(2), handles).open).toBe('view');
    expect(resultRowButtons(user(['MYINCIDENT_SEARCH']), incident(1), handles).open).toBe('view');
    expect(resultRowButtons(user([], true), incident(2), handles).open).toBe('view');
  });

  it('offers Delete only with INCIDENT_DELETE and a handler', () => {
    expect(resultRowButtons(user(['INCIDENT_DELETE']), incident(1), handles).delete).toBe(true);
    expect(resultRowButtons(user(['ALLINCIDENT_EDIT']), incident(1), handles).delete).toBe(false);
    expect(resultRowButtons(user(['INCIDENT_DELETE']), incident(1), { ...handles, delete: false }).delete).toBe(false);
  });

  it('offers Reopen only on closed incidents, with OPEN_CLOSED_INCIDENT and a handler', () => {
    expect(resultRowButtons(user(['OPEN_CLOSED_INCIDENT']), incident(2), handles).reopen).toBe(true);
    expect(resultRowButtons(user(['OPEN_CLOSED_INCIDENT']), incident(1), handles).reopen).toBe(false);
    expect(resultRowButtons(user(['ALLINCIDENT_EDIT']), incident(2), handles).reopen).toBe(false);
    expect(resultRowButtons(user([], true), incident(2), { ...handles, reopen: false }).reopen).toBe(false);
  });
});

describe('canWorkOnDraft', () => {
  it('allows either edit privilege for drafts and working copies', () => {
    expect(canWorkOnDraft(user(['MYINCIDENT_EDIT']), { status: 3 })).toBe(true);
    expect(canWorkOnDraft(user(['ALLINCIDENT_EDIT']), { status: 0 })).toBe(true);
  });

  it('allows MYINCIDENT_ADD for a plain draft only', () => {
    expect(canWorkOnDraft(user(['MYINCIDENT_ADD']), { status: 0 })).toBe(true);
    expect(canWorkOnDraft(user(['MYINCIDENT_ADD']), { status: 3 })).toBe(false);
    expect(canWorkOnDraft(user(['MYINCIDENT_SEARCH']), { status: 0 })).toBe(false);
  });
});
