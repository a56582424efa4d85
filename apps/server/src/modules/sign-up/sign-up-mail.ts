import type { Tx } from '../../db/client';
import { enqueueJob } from '../../platform/jobs/index';
import type { RateCounters } from '../../platform/rate-limit-store';

/** At most one notice per address in this long: sign-ups repeated with it must not flood its owner. */
export const SIGN_UP_NOTICE_WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts a notice to the address; answers whether it is the first of its hour. The sign-up's
 * answer does not depend on it, so nothing tells the visitor whether a notice went out.
 */
export async function noticeAllowed(counters: RateCounters, email: string): Promise<boolean> {
  const { count } = await counters.hit(counters.key('sign-up-notice', email.toLowerCase()), SIGN_UP_NOTICE_WINDOW_MS);
  return count === 1;
}

/**
 * The email the owner of an address gets when someone signs up with it again (the form's answer
 * is the same as for a new address, so the page tells nobody that the address is taken).
 */
export function queueSignUpNotice(tx: Tx, email: string, publicUrl: string) {
  return enqueueJob(tx, null, 'mail', {
    to: email,
    subject: 'Someone tried to sign up for Blotter with your email address',
    text: [
      'Hello,',
      '',
      'Someone tried to sign up for a Blotter free trial with your email address. Your address already',
      'belongs to a Blotter user, so no new company was created.',
      '',
      `If it was you, sign in as usual: ${publicUrl}/login`,
      'If you have not verified your address yet, sign in and choose "Resend email verification".',
      '',
      'If it was not you, you can ignore this email; nothing was changed.',
    ].join('\n'),
  });
}
