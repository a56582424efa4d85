/**
 * Counts failed sign-ins per client address and email: after `max` failures within the window
 * the next attempts are refused until the window passes. Successful sign-ins are not counted, so
 * a busy office behind one address is not locked out by people who type their password right.
 */
export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max = 10,
    private readonly windowMs = 60_000,
    private readonly maxKeys = 10_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  blocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.max;
  }

  fail(key: string, now = Date.now()) {
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
    // Bounded memory: forget the oldest keys first (Map keeps insertion order).
    for (const oldest of this.failures.keys()) {
      if (this.failures.size <= this.maxKeys) break;
      this.failures.delete(oldest);
    }
  }

  succeed(key: string) {
    this.failures.delete(key);
  }
}

export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a minute and try again.';
export const TOO_MANY_FROM_ADDRESS =
  'Too many failed sign-ins from your network. Please wait 10 minutes and try again.';

/**
 * The two limits of the sign-in form. Per address and email: 10 failures a minute (a password
 * guessed for one account). Per address across emails: 30 failures in 10 minutes (one password
 * tried on many accounts); a successful sign-in does not clear this one, or an attacker could
 * clear it with an account of their own. Answers the message to show when the attempt is refused.
 */
export class SignInGuard {
  constructor(
    private readonly perAccount = new SignInLimiter(10, 60_000),
    private readonly perAddress = new SignInLimiter(30, 10 * 60_000),
  ) {}

  private static key = (ip: string, email: string) => `${ip}|${email.toLowerCase()}`;

  refusal(ip: string, email: string, now = Date.now()): string | undefined {
    if (this.perAddress.blocked(ip, now)) return TOO_MANY_FROM_ADDRESS;
    if (this.perAccount.blocked(SignInGuard.key(ip, email), now)) return TOO_MANY_ATTEMPTS;
    return undefined;
  }

  fail(ip: string, email: string, now = Date.now()) {
    this.perAccount.fail(SignInGuard.key(ip, email), now);
    this.perAddress.fail(ip, now);
  }

  succeed(ip: string, email: string) {
    this.perAccount.succeed(SignInGuard.key(ip, email));
  }
}
