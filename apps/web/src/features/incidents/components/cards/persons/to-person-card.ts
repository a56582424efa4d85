import { type Person, personSchema } from '@blotter/shared/schemas/incident-parts';

/**
 * A form card from an answer of POST /incidents/persons: every field the form expects, nothing
 * more (the picture URL is kept apart), marked checked because it is a register entry.
 */
export function toPersonCard(answer: Person): Person {
  const parsed = personSchema.safeParse({ ...answer, duplicationChecked: true });
  if (parsed.success) return parsed.data;
  const { personPictureSasKey: _url, ...card } = answer as Person & { personPictureSasKey?: unknown };
  return { ...card, duplicationChecked: true };
}
