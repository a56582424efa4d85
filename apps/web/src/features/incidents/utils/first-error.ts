import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The message of the first failing field in form order (spec 1 §5: shown as an error toast). */
export function firstErrorMessage<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly string[],
): string | undefined {
  const record = errors as Record<string, { message?: unknown } | undefined>;
  const names = [...order, ...Object.keys(record).filter((name) => !order.includes(name))];
  for (const name of names) {
    const message = record[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}
