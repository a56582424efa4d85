import type { SeededRandom } from './seeded-random';

/** Every site of the demo company is in Eastern time: the history is written in its wall clock. */
const ZONE = 'America/Toronto';
const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The wall-clock date and time in Toronto of an instant. */
function torontoParts(instant: number) {
  const parts = Object.fromEntries(
    wallClock.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** The instant of a Toronto wall-clock time (the day may overflow: day 0 is the last of the month before). */
export function torontoTime(year: number, month: number, day: number, hour: number, minute: number): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const p = torontoParts(guess);
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - guess;
  return guess - offset;
}

/** Midnight in Toronto of the day of an instant (an occurred date known only to the day, as the form sends it). */
export function torontoStartOfDay(instant: number): number {
  const p = torontoParts(instant);
  return torontoTime(p.year, p.month, p.day, 0, 0);
}

/** Hours of the day as weights: most incidents are reported in business hours. */
const HOURS = [1, 1, 1, 1, 1, 1, 2, 3, 5, 6, 6, 6, 6, 6, 6, 6, 6, 5, 4, 4, 3, 3, 2, 2];

/**
 * When an incident of the last two years was reported: recent days are more likely than old
 * ones (a company records more as it grows used to the tool), never in the last hour before now.
 */
export function reportedMoment(rng: SeededRandom, now: number, days: number): number {
  const age = rng.chance(0.5) ? rng.next() * days : days * (1 - Math.sqrt(rng.next()));
  const today = torontoParts(now);
  const hourWeights = Object.fromEntries(HOURS.map((weight, hour) => [String(hour), weight]));
  const hour = Number(rng.weighted(hourWeights));
  let moment = torontoTime(today.year, today.month, today.day - Math.floor(age), hour, rng.int(0, 59));
  while (moment > now - HOUR) moment -= DAY;
  return moment;
}

/** How long before the report it happened: mostly minutes or hours, sometimes days (then often only the day is known). */
export function occurredBefore(rng: SeededRandom, reported: number): { occurred: number; uncertain: boolean } {
  const kind = rng.weighted({ minutes: 50, hours: 35, days: 15 });
  if (kind === 'minutes') return { occurred: reported - rng.int(2, 60) * MINUTE, uncertain: false };
  if (kind === 'hours') return { occurred: reported - rng.int(60, 12 * 60) * MINUTE, uncertain: false };
  const occurred = reported - rng.int(1, 7) * DAY - rng.int(0, 12 * 60) * MINUTE;
  return rng.chance(0.5) ? { occurred: torontoStartOfDay(occurred), uncertain: true } : { occurred, uncertain: false };
}

/** A moment `min` to `max` minutes after `from`, or undefined when that is not in the past yet. */
export function later(rng: SeededRandom, from: number, minMinutes: number, maxMinutes: number, now: number) {
  const at = from + rng.int(minMinutes, maxMinutes) * MINUTE;
  return at < now - MINUTE ? at : undefined;
}
