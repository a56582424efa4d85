import { describe, expect, it } from 'vitest';
import { maskPhoneNumber, mfaPhoneSchema, otpSchema } from './mfa';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('two-factor field rules (spec 3 §5)', () => {
  it('answers the spec texts for the code in the order a person meets them', () => {
    expect(firstMessage(otpSchema.safeParse(''))).toBe('Enter 6 digit code.');
    expect(firstMessage(otpSchema.safeParse(undefined))).toBe('Enter 6 digit code.');
    expect(firstMessage(otpSchema.safeParse('12a'))).toBe('Must be only digits');
    expect(firstMessage(otpSchema.safeParse('12345'))).toBe('Must be exactly 6 digits');
    expect(firstMessage(otpSchema.safeParse('1234567'))).toBe('Must be exactly 6 digits');
    expect(otpSchema.parse(' 012345 ')).toBe('012345');
  });

  it('answers the spec texts for the enrolment phone', () => {
    expect(firstMessage(mfaPhoneSchema.safeParse(''))).toBe('Please enter phone number');
    expect(firstMessage(mfaPhoneSchema.safeParse('+1 555 0100'))).toBe('please enter digit only');
    expect(firstMessage(mfaPhoneSchema.safeParse('1555'))).toMatch(/8 to 15 digits/);
    expect(mfaPhoneSchema.parse('15551234567')).toBe('15551234567');
  });

  it('masks all but the last four digits', () => {
    expect(maskPhoneNumber('15551234567')).toBe('•••••••4567');
    expect(maskPhoneNumber('123')).toBe('123');
  });
});
