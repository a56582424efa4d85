import { describe, expect, it } from 'vitest';
import { chainStatusText, detailFields, detailKindOf, transactionLabel } from './audit-labels';

describe('audit labels', () => {
  it('reads a sign-in as LOGIN, a sign-out as LOGOUT and keeps other transactions', () => {
    expect(transactionLabel({ objectType: 'AUTHENTICATION', transactionType: 'CREATE' })).toBe('LOGIN');
    expect(transactionLabel({ objectType: 'AUTHENTICATION', transactionType: 'DELETE' })).toBe('LOGOUT');
    expect(transactionLabel({ objectType: 'AUTHENTICATION', transactionType: 'MFA_VERIFIED' })).toBe('MFA_VERIFIED');
    expect(transactionLabel({ objectType: 'USER', transactionType: 'CREATE' })).toBe('CREATE');
  });

  it('offers no detail for sign-ins, reports and incident entries without a version', () => {
    const kind = (objectType: string, transactionType = 'CREATE', objectHistoryId: string | null = null) =>
      detailKindOf({ objectType, transactionType, objectHistoryId });
    expect(kind('AUTHENTICATION')).toBeNull();
    expect(kind('REPORT', 'PRINT')).toBeNull();
    expect(kind('INCIDENT', 'READ')).toBeNull();
    expect(kind('INCIDENT', 'EDIT', 'h')).toBe('incident');
    expect(kind('USER_GROUP', 'DELETE')).toBe('fields');
    expect(kind('SEARCH', 'SEARCH')).toBe('search');
    expect(kind('SEARCH', 'DELETE')).toBeNull();
    expect(kind('ANALYZE', 'ANALYZE')).toBe('analyze');
  });

  it('lists the fields each writer stores', () => {
    expect(
      detailFields('USER_GROUP', { name: 'Staff', isAdmin: false, privileges: ['USER_ADD', 'AUDIT_VIEW'] }),
    ).toEqual([
      { label: 'Name', value: 'Staff' },
      { label: 'Admin', value: 'No' },
      { label: 'Privileges', value: 'USER_ADD, AUDIT_VIEW' },
    ]);
    expect(detailFields('LOOKUP', { name: 'Theft', levelLabel: 'Sub-class', parentName: 'Crime' })).toEqual([
      { label: 'Sub-class', value: 'Theft' },
      { label: 'Parent', value: 'Crime' },
    ]);
    expect(detailFields('ACCOUNT', { companyName: 'Acme', measurementType: 0, dateFormat: 1 })).toEqual([
      { label: 'Company name', value: 'Acme' },
      { label: 'Measurement type', value: 'Metric' },
      { label: 'Date format', value: 'MM/DD/YYYY' },
    ]);
    expect(detailFields('PAYMENT_METHOD', { billingEmail: 'b@x.io', valid: true, errorMessage: null })[1]).toEqual({
      label: 'Valid',
      value: 'Yes',
    });
    expect(detailFields('USER', null).map((field) => field.value)).toEqual(['', '', '', '', '']);
  });

  it('says whether the chain holds and where it breaks', () => {
    const time = (iso: string) => iso.slice(0, 10);
    expect(chainStatusText({ ok: true, entries: 3, brokenAt: null }, time)).toBe('Audit log verified');
    expect(
      chainStatusText(
        {
          ok: false,
          entries: 3,
          brokenAt: { chainSeq: 2, id: 'x', createUserTime: '2026-03-01T10:00:00Z', reason: 'changed' },
        },
        time,
      ),
    ).toBe('Audit log broken at entry 2 (2026-03-01): it was changed after it was written.');
    expect(
      chainStatusText(
        { ok: false, entries: 3, brokenAt: { chainSeq: 4, id: null, createUserTime: null, reason: 'missing' } },
        time,
      ),
    ).toBe('Audit log broken: entry 4 is missing.');
  });
});
