import { type LegalEntity, legalEntitySchema } from '@blotter/shared/schemas/incident-parts';

/** A form card from an answer of POST /incidents/companies, marked checked (a register entry). */
export function toCompanyCard(answer: LegalEntity): LegalEntity {
  const parsed = legalEntitySchema.safeParse({ ...answer, duplicationChecked: true });
  return parsed.success ? parsed.data : { ...answer, duplicationChecked: true };
}
