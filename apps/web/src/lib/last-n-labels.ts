/**
 * 'Last n months' read as words (spec 2 §9 presets 0 current, 1 previous): the server takes n ≥ 1
 * as the n whole months before the current one, so 12 reads 'Previous 12 months'.
 */
export function lastNMonthsLabel(months: number): string {
  if (months === 0) return 'Current month';
  if (months === 1) return 'Previous month';
  return `Previous ${months} months`;
}

export function lastNDaysLabel(days: number): string {
  return days === 1 ? 'Last day' : `Last ${days} days`;
}
