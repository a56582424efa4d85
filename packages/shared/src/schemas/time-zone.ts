/** IANA time zone names as the product accepts them (search criteria, the company's zone). */

const intlZones = (() => {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  return new Set(intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : []);
})();

/**
 * Current IANA names that ICU (and so Node's Intl.supportedValuesOf) still lists under their old
 * names, which it keeps for stability. Browsers send the current ones (Firefox: 'Asia/Kolkata'), and
 * the database knows both.
 */
const ICU_OLD_NAMES: Record<string, string> = {
  'Asia/Kolkata': 'Asia/Calcutta',
  'Europe/Kyiv': 'Europe/Kiev',
  'Asia/Kathmandu': 'Asia/Katmandu',
  'Asia/Yangon': 'Asia/Rangoon',
  'Asia/Ho_Chi_Minh': 'Asia/Saigon',
  'America/Nuuk': 'America/Godthab',
  'Pacific/Kanton': 'Pacific/Enderbury',
  'Atlantic/Faroe': 'Atlantic/Faeroe',
  'Pacific/Chuuk': 'Pacific/Truk',
  'Pacific/Pohnpei': 'Pacific/Ponape',
  'America/Atikokan': 'America/Coral_Harbour',
};

/**
 * True when `zone` is a canonical IANA time zone ('America/Toronto', 'UTC'): one the runtime lists
 * (Intl.supportedValuesOf), not merely one it accepts, since it accepts retired names
 * ('US/Pacific-New') that the database no longer knows.
 */
export function isTimeZone(zone: string): boolean {
  // The fixed offsets of the tz database: Etc/GMT+12 (12 hours behind) to Etc/GMT-14.
  if (zone === 'UTC' || /^Etc\/(UTC|GMT(\+([0-9]|1[0-2])|-([0-9]|1[0-4]))?)$/.test(zone)) return true;
  if (intlZones.size > 0) return intlZones.has(zone) || intlZones.has(ICU_OLD_NAMES[zone] ?? '');
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
