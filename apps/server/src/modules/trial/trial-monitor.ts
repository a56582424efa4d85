import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { accounts, notifications } from '../../db/schema/index';
import { createIntervalLoop } from '../../platform/interval-loop';
import { writeAudit } from '../audit/audit.service';
import {
  ACCOUNT_DISABLED_MESSAGE,
  TRIAL_BANNER_SOURCES,
  TRIAL_EXPIRED_MESSAGE,
  trialWarningMessage,
} from './trial-banners';

export interface TrialCheck {
  /** Companies given the expiry warning by this run. */
  warned: number;
  /** Trials that expired and were disabled by this run. */
  expired: number;
}

export interface TrialMonitor {
  /** Applies the trial's life once now. */
  check(): Promise<TrialCheck>;
  /** Checks every intervalMs until stopped. */
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

const live = sql`${accounts.trial} and ${accounts.active} and not ${accounts.isDemo}`;

/**
 * Warns the trials that end within the window. The partial unique index on (account, source)
 * makes a second run, or a second process, add nothing.
 */
async function warnExpiringTrials(tx: Tx, warningDays: number): Promise<number> {
  const due = await tx
    .select({ id: accounts.id, expiry: accounts.trialExpiryDate, dateFormat: accounts.dateFormat })
    .from(accounts)
    .where(
      and(
        live,
        gt(accounts.trialExpiryDate, sql`now()`),
        lte(accounts.trialExpiryDate, sql`now() + make_interval(days => ${warningDays})`),
      ),
    );
  if (due.length === 0) return 0;
  const added = await tx
    .insert(notifications)
    .values(
      due.map((account) => ({
        accountId: account.id,
        message: trialWarningMessage(account.expiry ?? new Date(), account.dateFormat),
        notificationType: 'GENERAL',
        level: 'WARNING',
        userDismissAvailable: true,
        source: TRIAL_BANNER_SOURCES.warning,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return added.length;
}

/**
 * Disables the trials that have ended: the update's row lock lets one process take each company
 * (another process's update finds it inactive and skips it). In the same transaction: the
 * TRIAL_EXPIRED and ACCOUNT_DISABLED banners (not dismissable), the warning resolved, an audit entry.
 */
async function expireTrials(tx: Tx): Promise<number> {
  const ended = await tx
    .update(accounts)
    .set({ active: false, updatedAt: sql`now()` })
    .where(and(live, lte(accounts.trialExpiryDate, sql`now()`)))
    .returning({
      id: accounts.id,
      companyName: accounts.companyName,
      measurementType: accounts.measurementType,
      dateFormat: accounts.dateFormat,
    });
  for (const account of ended) {
    await tx
      .update(notifications)
      .set({ dismissed: true })
      .where(and(eq(notifications.accountId, account.id), eq(notifications.source, TRIAL_BANNER_SOURCES.warning)));
    await tx
      .insert(notifications)
      .values([
        {
          accountId: account.id,
          message: TRIAL_EXPIRED_MESSAGE,
          notificationType: 'TRIAL_EXPIRED',
          level: 'WARNING',
          userDismissAvailable: false,
          source: TRIAL_BANNER_SOURCES.expired,
        },
        {
          accountId: account.id,
          message: ACCOUNT_DISABLED_MESSAGE,
          notificationType: 'ACCOUNT_DISABLED',
          level: 'WARNING',
          userDismissAvailable: false,
          source: TRIAL_BANNER_SOURCES.disabled,
        },
      ])
      .onConflictDoNothing();
    await writeAudit(
      tx,
      { accountId: account.id, userId: null, name: 'System' },
      {
        objectType: 'ACCOUNT',
        transactionType: 'DISABLE',
        objectName: account.companyName,
        objectId: account.id,
        objectData: {
          companyName: account.companyName,
          measurementType: account.measurementType,
          dateFormat: account.dateFormat,
          active: false,
          reason: 'TRIAL_EXPIRED',
        },
      },
    );
  }
  return ended.length;
}

/**
 * The trial's life, applied by a timer rather than by whichever request comes by: the warning in
 * its last days, then the disabled account. Any number of server processes may run it.
 */
export function createTrialMonitor(
  database: Database,
  options: { warningDays: number },
  log: (error: unknown, message: string) => void,
): TrialMonitor {
  const check = () =>
    database.system(async (tx) => ({
      expired: await expireTrials(tx),
      warned: await warnExpiringTrials(tx, options.warningDays),
    }));
  const loop = createIntervalLoop(check, log, 'checking trials failed');
  return { check, start: (intervalMs) => loop.start(intervalMs), stop: () => loop.stop() };
}
