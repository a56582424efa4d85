/** What device detection needs from `navigator` (a subset, so tests can pass plain objects). */
export interface NavigatorLike {
  userAgent: string;
  userAgentData?: { mobile?: boolean } | undefined;
  maxTouchPoints?: number;
  platform?: string;
}

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|IEMobile|Opera Mini/i;

/** True on phones and tablets: the client hint when the browser sends one, else the user agent. */
export function detectMobile(nav: NavigatorLike | undefined): boolean {
  if (!nav) return false;
  if (nav.userAgentData?.mobile) return true;
  return MOBILE_AGENT.test(nav.userAgent);
}

/** True on iPhone, iPad and iPod, including iPadOS which reports itself as a Mac with touch. */
export function detectIOS(nav: NavigatorLike | undefined): boolean {
  if (!nav) return false;
  if (/iPhone|iPad|iPod/i.test(nav.userAgent)) return true;
  return nav.platform === 'MacIntel' && (nav.maxTouchPoints ?? 0) > 1;
}

const currentNavigator = typeof navigator === 'undefined' ? undefined : (navigator as NavigatorLike);

/** Decided once at start-up: the routes registered depend on it. */
export const isMobile = detectMobile(currentNavigator);
export const isIOS = detectIOS(currentNavigator);
