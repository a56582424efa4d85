/**
 * Item values: the form keeps cents (an integer), the person types dollars with a '$' prefix
 * (spec 1 §2 'Item value is money with a $ prefix and is converted before being sent').
 */

/** What a person may type in a money field, including the partial '12.' on the way to '12.50'. */
const DOLLARS_PATTERN = /^\d{0,9}(\.\d{0,2})?$/;

/** Cents → '1234.50'; null → ''. */
export function centsToDollarsText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return `${whole}.${String(rest).padStart(2, '0')}`;
}

/**
 * Dollars as typed → cents. '' gives null (no value); text that is not an amount (letters, a
 * third decimal) gives undefined so the field can refuse the keystroke. Thousands separators and
 * a leading '$' are ignored. Computed on the digits, so 0.29 is 29 cents (not 28.999…).
 */
export function dollarsTextToCents(text: string): number | null | undefined {
  const cleaned = text.replace(/[\s,$]/g, '');
  if (cleaned === '' || cleaned === '.') return cleaned === '' ? null : 0;
  if (!DOLLARS_PATTERN.test(cleaned)) return undefined;
  const [whole = '', fraction = ''] = cleaned.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}
