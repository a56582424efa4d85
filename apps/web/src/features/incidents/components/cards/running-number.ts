/**
 * The default name of a new vehicle, item or attachment: 'Vehicle N', 'Item N', 'Attachment N'
 * (spec 1 §2, §9). N runs on from the highest number already used with that prefix and is never
 * below the count of existing entries plus one, so removing one never hands out a name twice.
 */
export function nextRunningNumber(prefix: string, names: readonly string[]): number {
  const pattern = new RegExp(`^${escapeRegExp(prefix)} (\\d+)$`);
  let highest = 0;
  for (const name of names) {
    const match = pattern.exec(name.trim());
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return Math.max(highest, names.length) + 1;
}

/** 'Vehicle 3' for the third vehicle (see nextRunningNumber). */
export function nextRunningName(prefix: string, names: readonly string[]): string {
  return `${prefix} ${nextRunningNumber(prefix, names)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
