import { describe, expect, it } from 'vitest';
import { apiTokenForm, apiTokenInput, apiTokenInputOf } from './api-tokens';

describe('apiTokenInput', () => {
  it('keeps each privilege once, in the list order, and refuses SYSTEM_ADMIN', () => {
    const parsed = apiTokenInput.parse({ name: ' Sync ', privileges: ['REPORT_PRINT', 'USER_ADD', 'REPORT_PRINT'] });
    expect(parsed).toEqual({ name: 'Sync', privileges: ['USER_ADD', 'REPORT_PRINT'], expiresAt: null });
    const refused = apiTokenInput.safeParse({ name: 'Root', privileges: ['USER_ADD', 'SYSTEM_ADMIN'] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('SYSTEM_ADMIN cannot be given to an API token');
    expect(apiTokenInput.safeParse({ name: 'x', privileges: ['NOT_A_CODE'] }).error?.issues[0]?.message).toBe(
      'Choose privileges from the list',
    );
  });
});

describe('apiTokenInputOf', () => {
  it('ends the token at the end of its expiry day in local time, and never without one', () => {
    const values = { name: 'Sync', privileges: ['USER_ADD' as const], expiresOn: '2030-05-31' };
    expect(apiTokenForm.parse(values)).toEqual(values);
    expect(apiTokenInputOf(values).expiresAt).toBe(new Date(2030, 5, 1).toISOString());
    expect(apiTokenInputOf({ ...values, expiresOn: '' }).expiresAt).toBeNull();
    expect(apiTokenForm.safeParse({ ...values, expiresOn: 'invalid' }).error?.issues[0]?.message).toBe(
      'Expiry date is not a valid date',
    );
  });
});
