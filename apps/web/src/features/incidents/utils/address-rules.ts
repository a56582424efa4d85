/** The label of the state field by country (spec 1 §2): State for US, Province for CA, State/Prov otherwise. */
export function stateLabel(countryCode: string | null | undefined): string {
  if (countryCode === 'US') return 'State';
  if (countryCode === 'CA') return 'Province';
  return 'State/Prov';
}

/** City search starts after more than 1 character (spec 1 §5). */
export function canSearchCity(text: string, minChars: number): boolean {
  return text.trim().length >= minChars;
}
