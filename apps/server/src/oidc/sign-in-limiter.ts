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
 * attacker could clear it with an account of their own.
 *
 * An attempt is counted before its password is checked and given back when it succeeds: checking
 * first and counting after the password is known wrong let a burst of concurrent attempts all pass
 * the check before any failure was recorded (the count and the check are one statement now).
 */
export class SignInGuard {
  constructor(
    private readonly counters: RateCounters,
    private readonly limits: SignInLimits = SIGN_IN_LIMITS,
  ) {}

  private addressKey = (ip: string) => this.counters.key('sign-in-address', ip);
  private accountKey = (ip: string, email: string) => this.counters.key('sign-in-account', ip, email.toLowerCase());

  /**
   * Counts the attempt against both limits in one statement and answers the message to show when
   * it is one too many (the attempt must then not be tried).
   */
  async attempt(ip: string, email: string, now = Date.now()): Promise<string | undefined> {
    const keys = [this.accountKey(ip, email), this.addressKey(ip)];
    const [account, address] = await this.counters.hitAll(
      [
        { key: keys[0] ?? '', windowMs: this.limits.perAccount.windowMs },
        { key: keys[1] ?? '', windowMs: this.limits.perAddress.windowMs },
      ],
      now,
    );
    const refusal =
      (address?.count ?? 0) > this.limits.perAddress.max
        ? TOO_MANY_FROM_ADDRESS
        : (account?.count ?? 0) > this.limits.perAccount.max
          ? TOO_MANY_ATTEMPTS
          : undefined;
    // A refused attempt tries no password: it is not a failure, so the counts stay the failures'.
    if (refusal) await this.counters.takeBack(keys);
    return refusal;
  }

  /** A right password: the email's failures are forgotten and the attempt is not a failure of the address. */
  async succeed(ip: string, email: string): Promise<void> {
    await this.counters.clearAndTakeBack(this.accountKey(ip, email), this.addressKey(ip));
  }
}
