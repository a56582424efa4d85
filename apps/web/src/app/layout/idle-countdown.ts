import { IDLE } from '@blotter/shared/constants';

/** Whole seconds left of the countdown that started at startedAt (never below zero). */
export function countdownRemaining(
  startedAt: number,
  now: number,
  totalSeconds: number = IDLE.countdownSeconds,
): number {
  const elapsed = Math.floor(Math.max(0, now - startedAt) / 1000);
  return Math.max(0, totalSeconds - elapsed);
}

/** The idle time in seconds: the company setting, else the one kept in the session, else 900. */
export function idleSeconds(companySetting: number | undefined, stored: number | undefined): number {
  for (const value of [companySetting, stored]) {
    if (value !== undefined && Number.isFinite(value) && value > 0) return value;
  }
  return IDLE.defaultAutoLogoutSeconds;
}
