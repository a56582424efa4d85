/** The parts of an address as the cards, the location and their snapshots hold them. */
export interface AddressParts {
  unit?: string | null;
  address?: string | null;
  street?: string | null;
  cityName?: string | null;
  stateName?: string | null;
  postalCode?: string | null;
  countryCode?: string | null;
  countryName?: string | null;
}

const clean = (value: string | null | undefined) => value?.trim() ?? '';

/**
 * One line of an address, the same in the viewer, the lists and the print: the unit first, then the
 * number and street, the city, the region with the postal code and the country by name —
 * 'Unit 4, 200 King Street, Toronto, Ontario M5H 1J9, Canada' (the order of the form's fields).
 * The country is written by name (countryName, else the name countryNameOf finds for the code,
 * else the code). The country alone (every card has the default one) is not an address: an address
 * without any other part stays empty.
 */
export function formatAddress(
  parts: AddressParts,
  countryNameOf: (code: string) => string | undefined = () => undefined,
): string {
  const unit = clean(parts.unit);
  const street = [parts.address, parts.street].map(clean).filter(Boolean).join(' ');
  const region = [clean(parts.stateName), clean(parts.postalCode)].filter(Boolean).join(' ');
  const local = [unit ? `Unit ${unit}` : '', street, clean(parts.cityName), region].filter(Boolean);
  if (local.length === 0) return '';
  const code = clean(parts.countryCode);
  const country = clean(parts.countryName) || (code ? (countryNameOf(code) ?? code) : '');
  return [...local, country].filter(Boolean).join(', ');
}

/** countryNameOf for formatAddress from a list of countries (the initial data, or the seed list). */
export function countryNames(
  countries: Iterable<{ code: string; name: string }>,
): (code: string) => string | undefined {
  const names = new Map<string, string>();
  for (const country of countries) names.set(country.code, country.name);
  return (code) => names.get(code);
}
