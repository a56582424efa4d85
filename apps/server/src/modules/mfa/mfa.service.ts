import { type MfaDevice, maskPhoneNumber } from '@blotter/shared';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mfaDevices, mfaSignInSteps } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { checkCode, codeRefusal, issueCode } from './mfa-codes';

type DeviceRow = typeof mfaDevices.$inferSelect;

const verifiedDevice = async (tx: Tx, userId: string): Promise<DeviceRow | undefined> =>
  (
    await tx
      .select()
      .from(mfaDevices)
      .where(and(eq(mfaDevices.userId, userId), isNotNull(mfaDevices.verifiedAt)))
      .limit(1)
  )[0];

const pendingDevice = async (tx: Tx, userId: string): Promise<DeviceRow | undefined> =>
  (
    await tx
      .select()
      .from(mfaDevices)
      .where(and(eq(mfaDevices.userId, userId), isNull(mfaDevices.verifiedAt)))
      .limit(1)
  )[0];

const describeDevice = (device: DeviceRow | undefined): MfaDevice =>
  device
    ? {
        deviceId: device.id,
        phoneNumberMask: maskPhoneNumber(device.phoneNumber),
        verified: device.verifiedAt !== null,
      }
    : { deviceId: null, phoneNumberMask: '', verified: false };

/** GET /mfa/device: the verified phone, else the one being enrolled, masked. */
export async function getDevice(tx: Tx, principal: Principal): Promise<MfaDevice> {
  return describeDevice((await verifiedDevice(tx, principal.userId)) ?? (await pendingDevice(tx, principal.userId)));
}

/** GET /mfa/sendOTP: a sign-in code to the verified phone. */
export async function sendLoginCode(tx: Tx, secret: Buffer, principal: Principal): Promise<void> {
  const device = await verifiedDevice(tx, principal.userId);
  if (!device) throw badRequest('Register a phone for two-factor verification first.');
  await issueCode(tx, secret, {
    accountId: principal.accountId,
    userId: principal.userId,
    deviceId: device.id,
    phoneNumber: device.phoneNumber,
    purpose: 'login',
  });
}

/**
 * POST /mfa/verifyOTP: checks the sign-in code; when it passes, the sign-in step is marked
 * verified (the identity provider then finishes the sign-in) and an audit entry records it.
 * Answers the code's outcome so that a refused try is committed before it is answered.
 */
export async function verifyLoginCode(
  tx: Tx,
  secret: Buffer,
  principal: Principal,
  input: { deviceId: string; otp: string },
) {
  const step = principal.mfaStep;
  if (!step) throw new AppError('UNAUTHORIZED', 'There is no sign-in waiting for a verification code.');
  const device = await verifiedDevice(tx, principal.userId);
  if (!device || device.id !== input.deviceId) throw notFound('Device');
  const outcome = await checkCode(
    tx,
    secret,
    { userId: principal.userId, deviceId: device.id, purpose: 'login' },
    input.otp,
  );
  if (outcome !== 'ok') {
    await writeAudit(tx, principal, {
      objectType: 'AUTHENTICATION',
      transactionType: 'MFA_FAILED',
      objectName: principal.email,
      objectId: principal.userId,
    });
    return { outcome } as const;
  }
  await tx
    .update(mfaSignInSteps)
    .set({ verifiedAt: sql`now()` })
    .where(and(eq(mfaSignInSteps.id, step.id), isNull(mfaSignInSteps.endedAt)));
  await writeAudit(tx, principal, {
    objectType: 'AUTHENTICATION',
    transactionType: 'MFA_VERIFIED',
    objectName: principal.email,
    objectId: principal.userId,
  });
  return { outcome, continueUrl: `/oidc/interaction/${encodeURIComponent(step.interactionUid)}/mfa-continue` } as const;
}

/**
 * POST /mfa/startEnrol: keeps the number as the phone being enrolled and texts it a code. During a
 * sign-in only a user without a verified phone may enrol one (a password alone must not be enough
 * to move the second factor); a signed-in user changes theirs this way.
 */
export async function startEnrolment(tx: Tx, secret: Buffer, principal: Principal, phoneNumber: string) {
  if (principal.mfaStep && (await verifiedDevice(tx, principal.userId))) {
    throw forbidden('A phone is already registered. Sign in with the code sent to it.');
  }
  await tx.delete(mfaDevices).where(and(eq(mfaDevices.userId, principal.userId), isNull(mfaDevices.verifiedAt)));
  const [device] = await tx
    .insert(mfaDevices)
    .values({ accountId: principal.accountId, userId: principal.userId, phoneNumber })
    .returning();
  if (!device) throw new Error('no device');
  await issueCode(tx, secret, {
    accountId: principal.accountId,
    userId: principal.userId,
    deviceId: device.id,
    phoneNumber,
    purpose: 'enrol',
  });
}

/** GET /mfa/sendOTPForEnrol: a new code to the phone being enrolled. */
export async function sendEnrolmentCode(tx: Tx, secret: Buffer, principal: Principal) {
  const device = await pendingDevice(tx, principal.userId);
  if (!device) throw badRequest('Save a phone number first.');
  await issueCode(tx, secret, {
    accountId: principal.accountId,
    userId: principal.userId,
    deviceId: device.id,
    phoneNumber: device.phoneNumber,
    purpose: 'enrol',
  });
}

/**
 * POST /mfa/verifyEnrol: the code sent to the phone being enrolled makes it the verified phone
 * (replacing an earlier one). During a sign-in the step ends: the user signs in again with it.
 */
export async function verifyEnrolment(tx: Tx, secret: Buffer, principal: Principal, otp: string) {
  const device = await pendingDevice(tx, principal.userId);
  if (!device) throw badRequest('Save a phone number first.');
  const outcome = await checkCode(tx, secret, { userId: principal.userId, deviceId: device.id, purpose: 'enrol' }, otp);
  if (outcome !== 'ok') return { outcome } as const;
  await tx.delete(mfaDevices).where(and(eq(mfaDevices.userId, principal.userId), isNotNull(mfaDevices.verifiedAt)));
  await tx.update(mfaDevices).set({ verifiedAt: sql`now()` }).where(eq(mfaDevices.id, device.id));
  if (principal.mfaStep) {
    await tx.update(mfaSignInSteps).set({ endedAt: sql`now()` }).where(eq(mfaSignInSteps.id, principal.mfaStep.id));
  }
  await writeAudit(tx, principal, {
    objectType: 'AUTHENTICATION',
    transactionType: 'MFA_PHONE',
    objectName: principal.email,
    objectId: principal.userId,
    objectData: { phoneNumberMask: maskPhoneNumber(device.phoneNumber) },
  });
  return { outcome } as const;
}

export { codeRefusal };
