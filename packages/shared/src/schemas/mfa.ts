import { z } from 'zod';
import { id } from './common';

/** Spec 3 §9: a one-time code has 6 digits. */
export const OTP_LENGTH = 6;

/** Spec 3 §5: the texts of the one-time code field. */
export const OTP_MESSAGES = {
  required: 'Enter 6 digit code.',
  digits: 'Must be only digits',
  length: 'Must be exactly 6 digits',
} as const;

/** Spec 3 §5: the texts of the enrolment phone field (the length rule is ours: E.164 numbers). */
export const PHONE_MESSAGES = {
  required: 'Please enter phone number',
  digits: 'please enter digit only',
  length: 'Enter the phone number with its country code: 8 to 15 digits.',
} as const;

/** A one-time code as typed: required, digits only, exactly 6 (in that order of messages). */
export const otpSchema = z
  .string({ error: OTP_MESSAGES.required })
  .trim()
  .min(1, OTP_MESSAGES.required)
  .regex(/^\d*$/, OTP_MESSAGES.digits)
  .length(OTP_LENGTH, OTP_MESSAGES.length);

/** An SMS phone number with its country code, digits only (sent as +digits). */
export const mfaPhoneSchema = z
  .string({ error: PHONE_MESSAGES.required })
  .trim()
  .min(1, PHONE_MESSAGES.required)
  .regex(/^\d*$/, PHONE_MESSAGES.digits)
  .min(8, PHONE_MESSAGES.length)
  .max(15, PHONE_MESSAGES.length);

/** GET /mfa/device: the verification phone of the user, masked; deviceId null before enrolment. */
export const mfaDeviceSchema = z.object({
  deviceId: z.string().nullable(),
  phoneNumberMask: z.string(),
  verified: z.boolean(),
});
export type MfaDevice = z.infer<typeof mfaDeviceSchema>;

/** POST /mfa/verifyOTP. */
export const verifyOtpInput = z.object({
  deviceId: id('invalid deviceId'),
  otp: otpSchema,
});
export type VerifyOtpInput = z.infer<typeof verifyOtpInput>;

/** POST /mfa/verifyOTP answers where the browser continues the sign-in at the identity provider. */
export const verifyOtpResult = z.object({ continueUrl: z.string() });

/** POST /mfa/startEnrol. */
export const startEnrolInput = z.object({ phoneNumber: mfaPhoneSchema });
export type StartEnrolInput = z.infer<typeof startEnrolInput>;

/** POST /mfa/verifyEnrol. */
export const verifyEnrolInput = z.object({ otp: otpSchema });
export type VerifyEnrolInput = z.infer<typeof verifyEnrolInput>;

/** Shows the last 4 digits of a phone number: '•••••••4567'. */
export function maskPhoneNumber(digits: string): string {
  const visible = digits.slice(-4);
  return `${'•'.repeat(Math.max(0, digits.length - visible.length))}${visible}`;
}
