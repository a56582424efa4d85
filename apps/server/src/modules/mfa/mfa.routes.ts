import { mfaDeviceSchema, startEnrolInput, verifyEnrolInput, verifyOtpInput, verifyOtpResult } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import {
  codeRefusal,
  getDevice,
  sendEnrolmentCode,
  sendLoginCode,
  startEnrolment,
  verifyEnrolment,
  verifyLoginCode,
} from './mfa.service';
import { loadMfaSecret } from './mfa-secret';

const TAG = 'Two-factor verification';
// Codes are limited by the service (one a minute, five tries each); these stop floods.
const SEND_LIMIT = { max: 30, timeWindow: '10 minutes' };
const VERIFY_LIMIT = { max: 60, timeWindow: '10 minutes' };

/**
 * Spec 3 §7, two-factor verification. 'mfa' routes serve a sign-in waiting for its code (a step
 * token from the identity provider) and a signed-in user changing their phone; sendOTP and
 * verifyOTP serve the sign-in only.
 */
export async function mfaRoutes(app: FastifyInstance) {
  const secret = await loadMfaSecret(app.database);

  defineRoute(app, {
    method: 'GET',
    url: '/mfa/device',
    tag: TAG,
    summary: 'The two-factor verification phone of the user, masked.',
    auth: 'mfa',
    response: mfaDeviceSchema,
    handler: ({ auth, tenant }) => tenant((tx) => getDevice(tx, auth)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/mfa/sendOTP',
    tag: TAG,
    summary: 'Text a sign-in code to the verified phone (at most once a minute).',
    auth: 'mfaStep',
    writes: true,
    rateLimit: SEND_LIMIT,
    response: null,
    handler: async ({ auth, tenant }) => {
      await tenant((tx) => sendLoginCode(tx, secret, auth));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/mfa/verifyOTP',
    tag: TAG,
    summary: 'Check the sign-in code; answers where the sign-in continues at the identity provider.',
    auth: 'mfaStep',
    rateLimit: VERIFY_LIMIT,
    body: verifyOtpInput,
    response: verifyOtpResult,
    handler: async ({ auth, body, tenant }) => {
      const result = await tenant((tx) => verifyLoginCode(tx, secret, auth, body));
      if (result.outcome !== 'ok') throw codeRefusal(result.outcome);
      return { continueUrl: result.continueUrl };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/mfa/startEnrol',
    tag: TAG,
    summary: 'Save the phone number to enrol and text it a code.',
    auth: 'mfa',
    rateLimit: SEND_LIMIT,
    body: startEnrolInput,
    response: null,
    handler: async ({ auth, body, tenant }) => {
      await tenant((tx) => startEnrolment(tx, secret, auth, body.phoneNumber));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/mfa/sendOTPForEnrol',
    tag: TAG,
    summary: 'Text a new code to the phone being enrolled (at most once a minute).',
    auth: 'mfa',
    writes: true,
    rateLimit: SEND_LIMIT,
    response: null,
    handler: async ({ auth, tenant }) => {
      await tenant((tx) => sendEnrolmentCode(tx, secret, auth));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/mfa/verifyEnrol',
    tag: TAG,
    summary: 'Check the code sent to the phone being enrolled; it becomes the verification phone.',
    auth: 'mfa',
    rateLimit: VERIFY_LIMIT,
    body: verifyEnrolInput,
    response: null,
    handler: async ({ auth, body, tenant }) => {
      const result = await tenant((tx) => verifyEnrolment(tx, secret, auth, body.otp));
      if (result.outcome !== 'ok') throw codeRefusal(result.outcome);
      return undefined;
    },
  });
}
