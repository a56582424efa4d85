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
});
