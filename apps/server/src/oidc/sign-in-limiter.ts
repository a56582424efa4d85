import type { RateCounters } from '../platform/rate-limit-store';

/**
 * A limit of failed sign-ins: after `max` failures within a window the next attempts are refused
 * until the window passes. The window starts at the first failure (it is a counter of the shared
 * store, `RateCounters`, so every server process counts the same failures). Successful sign-ins
 * are not counted, so a busy office behind one address is not locked out by people who type their
 * password right.
 */
export interface SignInLimit {
  max: number;
  windowMs: number;
}

export interface SignInLimits {
  /** Per client address and email: a password guessed for one account. */
  perAccount: SignInLimit;
  /** Per client address across emails: one password tried on many accounts. */
  perAddress: SignInLimit;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perAccount: { max: 10, windowMs: 60_000 },
  perAddress: { max: 30, windowMs: 10 * 60_000 },
};

export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a minute and try again.';
export const TOO_MANY_FROM_ADDRESS =
  'Too many failed sign-ins from your network. Please wait 10 minutes and try again.';

/**
 * The two limits of the sign-in form. Per address and email: 10 failures a minute. Per address
 * across emails: 30 failures in 10 minutes; a successful sign-in does not clear this one, or an
 * attacker could clear it with an account of their own. check() answers the message to show
 * when the attempt is refused.
 */
export class SignInGuard {
  constructor(
    private readonly counters: RateCounters,
    private readonly limits: SignInLimits = SIGN_IN_LIMITS,
  ) {}

  private addressKey = (ip: string) => this.counters.key('sign-in-address', ip);
  private accountKey = (ip: string, email: string) => this.counters.key('sign-in-account', ip, email.toLowerCase());

  /**
   * Reads both counts in one statement: the refusal, if any, and the email's failures (a
   * successful sign-in clears them only when there are some, sparing a statement).
   */
  async check(ip: string, email: string, now = Date.now()): Promise<{ refusal?: string; accountFailures: number }> {
    const [address = 0, account = 0] = await this.counters.counts(
      [this.addressKey(ip), this.accountKey(ip, email)],
      now,
    );
    if (address >= this.limits.perAddress.max) return { refusal: TOO_MANY_FROM_ADDRESS, accountFailures: account };
    if (account >= this.limits.perAccount.max) return { refusal: TOO_MANY_ATTEMPTS, accountFailures: account };
    return { accountFailures: account };
  }

  /** Counts a failure against both limits in one statement. */
  async fail(ip: string, email: string, now = Date.now()): Promise<void> {
    await this.counters.hitAll(
      [
        { key: this.accountKey(ip, email), windowMs: this.limits.perAccount.windowMs },
        { key: this.addressKey(ip), windowMs: this.limits.perAddress.windowMs },
      ],
      now,
    );
  }

  async succeed(ip: string, email: string): Promise<void> {
    await this.counters.clear(this.accountKey(ip, email));
  }
}
