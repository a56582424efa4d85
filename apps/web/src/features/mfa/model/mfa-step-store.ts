/**
 * The sign-in waiting for its two-factor code (spec 3 §4): the step token and the provider's
 * interaction (state) from the /mfa or /startMfaEnrolloment query, kept in sessionStorage for the
 * tab so a reload keeps the page working, and removed from the address bar.
 */
export interface MfaStep {
  token: string;
  state: string;
}

const KEY = 'blotter.mfaStep';

export function storeMfaStep(step: MfaStep): void {
  sessionStorage.setItem(KEY, JSON.stringify(step));
}

export function readMfaStep(): MfaStep | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<MfaStep> | null;
    return value?.token ? { token: value.token, state: value.state ?? '' } : undefined;
  } catch {
    return undefined;
  }
}

export function clearMfaStep(): void {
  sessionStorage.removeItem(KEY);
}

/**
 * Takes the step from the page's query when it carries one (the provider's redirect), else the
 * stored one. The token leaves the address bar so it is not kept in the history.
 */
export function takeMfaStep(search: string): MfaStep | undefined {
  const query = new URLSearchParams(search);
  const token = query.get('token');
  if (token) {
    storeMfaStep({ token, state: query.get('state') ?? '' });
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }
  return readMfaStep();
}

/** Ends the waiting sign-in at the provider (Cancel, or after enrolment) and goes to the main page. */
export function leaveMfaStep(step: MfaStep | undefined): void {
  clearMfaStep();
  window.location.assign(step?.state ? `/oidc/interaction/${encodeURIComponent(step.state)}/mfa-cancel` : '/');
}
