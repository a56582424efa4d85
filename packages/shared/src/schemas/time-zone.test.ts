import { describe, expect, it } from 'vitest';
import { isTimeZone } from './search-criteria';

describe('isTimeZone', () => {
  it('takes the zones the runtime lists and the current names ICU lists under their old ones', () => {
    for (const zone of ['America/Toronto', 'UTC', 'Etc/GMT+5', 'Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
  });

  it('refuses retired names and anything else', () => {
    for (const zone of ['US/Pacific-New', 'Mars/Olympus', '', 'asia/kolkata'])
      expect(isTimeZone(zone), zone).toBe(false);
  });

  it('takes the fixed-offset zones of the database (Etc/GMT+12 to Etc/GMT-14), not any number of hours', () => {
    for (const zone of ['Etc/GMT', 'Etc/GMT+0', 'Etc/GMT-0', 'Etc/GMT+12', 'Etc/GMT-14', 'Etc/UTC'])
      expect(isTimeZone(zone), zone).toBe(true);
    // PostgreSQL reads 'Etc/GMT+99' as 99 hours behind: a company's day four days off.
    for (const zone of ['Etc/GMT+99', 'Etc/GMT+13', 'Etc/GMT-15', 'Etc/GMT+05', 'Etc/GMT+'])
      expect(isTimeZone(zone), zone).toBe(false);
  });
});
