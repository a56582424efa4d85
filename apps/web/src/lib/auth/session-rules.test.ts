import { describe, expect, it } from 'vitest';
import {
  callbackAlertMessage,
  renewalAlertMessage,
  returnPath,
  signInFailureOutcome,
  statusErrorRoute,
} from './session-rules';

describe('statusErrorRoute', () => {
  it('lets active users (1) through', () => {
    expect(statusErrorRoute(1)).toBeUndefined();
  });

  it('sends pending (0), inactive (2) and any other status to their error pages', () => {
    expect(statusErrorRoute(0)).toBe('/errors/pending');
    expect(statusErrorRoute(2)).toBe('/errors/inactive');
    expect(statusErrorRoute(3)).toBe('/errors/unknownStatus');
    expect(statusErrorRoute(-1)).toBe('/errors/unknownStatus');
  });
});

describe('signInFailureOutcome', () => {
  it('sends EXCEED_MAX_CONCURRENT_USER from the callback URL to its error page', () => {
    expect(signInFailureOutcome({ description: 'EXCEED_MAX_CONCURRENT_USER', message: 'access_denied' })).toEqual({
      kind: 'navigate',
      to: '/errors/exceedMaxConcurrentUser',
    });
  });

  it('sends the EXCEED_MAX_CONCURRENT_USER answer of the session call to the same page', () => {
    expect(signInFailureOutcome({ code: 'EXCEED_MAX_CONCURRENT_USER', message: 'too many' })).toEqual({
      kind: 'navigate',
      to: '/errors/exceedMaxConcurrentUser',
    });
  });

  it('alerts any other error with the spec text', () => {
    expect(signInFailureOutcome({ description: 'Sign-in was cancelled.', message: 'Sign-in was cancelled.' })).toEqual({
      kind: 'alert',
      message: 'Error: Sign-in was cancelled.. Check the console for further details.',
    });
  });
});

describe('alert texts', () => {
  it('match spec 1 §8', () => {
    expect(callbackAlertMessage('x')).toBe('Error: x. Check the console for further details.');
    expect(renewalAlertMessage('invalid_grant')).toBe('Could not get a new token invalid_grant');
  });
});

describe('returnPath', () => {
  it('returns to the kept page', () => {
    expect(returnPath('/newincident')).toBe('/newincident');
    expect(returnPath('/search?q=1#top')).toBe('/search?q=1#top');
  });

  it('defaults to the dashboard for missing, foreign or sign-in paths', () => {
    expect(returnPath(undefined)).toBe('/dashboard');
    expect(returnPath('https://evil.example/')).toBe('/dashboard');
    expect(returnPath('//evil.example/')).toBe('/dashboard');
    expect(returnPath('/')).toBe('/dashboard');
    expect(returnPath('/callback?code=1')).toBe('/dashboard');
    expect(returnPath('/errors/pending')).toBe('/dashboard');
  });
});
