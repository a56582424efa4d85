import { describe, expect, it } from 'vitest';
import { detectIOS, detectMobile } from './device';

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe('detectMobile', () => {
  it('is false for a desktop browser', () => {
    expect(detectMobile({ userAgent: DESKTOP_CHROME, userAgentData: { mobile: false } })).toBe(false);
  });

  it('trusts the mobile client hint', () => {
    expect(detectMobile({ userAgent: DESKTOP_CHROME, userAgentData: { mobile: true } })).toBe(true);
  });

  it('recognises phone user agents', () => {
    expect(detectMobile({ userAgent: IPHONE })).toBe(true);
    expect(detectMobile({ userAgent: ANDROID })).toBe(true);
    expect(detectMobile({ userAgent: 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80)' })).toBe(true);
  });

  it('is false without a navigator', () => {
    expect(detectMobile(undefined)).toBe(false);
  });
});

describe('detectIOS', () => {
  it('recognises iPhone and iPadOS (a Mac with touch)', () => {
    expect(detectIOS({ userAgent: IPHONE })).toBe(true);
    expect(detectIOS({ userAgent: MAC_SAFARI, platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
  });

  it('is false for Android and desktop Macs', () => {
    expect(detectIOS({ userAgent: ANDROID })).toBe(false);
    expect(detectIOS({ userAgent: MAC_SAFARI, platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
  });
});
