import { expect } from 'vitest';
import type { Walker } from './privacy-walker';

/**
 * The two-factor steps of the private-field walk (issue 14): the walker changes its verification
 * phone as a signed-in user does from the profile. The sign-in calls (sendOTP, verifyOTP) are
 * refused to an access token: they serve only a sign-in waiting for its code (mfa.test.ts).
 */
export const MFA_STEPS: [string, (w: Walker) => Promise<unknown>][] = [
  ['GET /mfa/device', (w) => w.call('GET /mfa/device', { url: '/mfa/device' })],
  [
    'POST /mfa/startEnrol',
    (w) => w.call('POST /mfa/startEnrol', { url: '/mfa/startEnrol', payload: { phoneNumber: '15557770000' } }),
  ],
  // The code of startEnrol was sent less than a minute ago.
  ['GET /mfa/sendOTPForEnrol', (w) => w.call('GET /mfa/sendOTPForEnrol', { url: '/mfa/sendOTPForEnrol' })],
  [
    'POST /mfa/verifyEnrol',
    async (w) => {
      await w.t.app.jobs.runDue();
      const text = w.t.sms.sent.filter((m) => m.to === '+15557770000').at(-1)?.text ?? '';
      const otp = /\b(\d{6})\b/.exec(text)?.[1];
      expect(otp).toBeDefined();
      const verified = await w.call('POST /mfa/verifyEnrol', { url: '/mfa/verifyEnrol', payload: { otp } });
      expect(verified.statusCode).toBe(204);
    },
  ],
  ['GET /mfa/sendOTP', (w) => w.call('GET /mfa/sendOTP', { url: '/mfa/sendOTP' })],
  [
    'POST /mfa/verifyOTP',
    (w) =>
      w.call('POST /mfa/verifyOTP', {
        url: '/mfa/verifyOTP',
        payload: { deviceId: '00000000-0000-4000-8000-000000000000', otp: '123456' },
      }),
  ],
];
