const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money is kept in cents and shown in US dollars (spec 1 §9): 123450 → '$1,234.50'; '' for none. */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  return USD.format(cents / 100);
}
