import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';

const signinRedirectCallback = vi.fn();
const createSession = vi.fn();

vi.mock('./user-manager', () => ({ getUserManager: () => ({ signinRedirectCallback }) }));
vi.mock('./create-session', () => ({ createSession: (token: string) => createSession(token) }));

const { handleSignInCallback } = await import('./sign-in');

const user = { access_token: 'access', id_token: 'id', state: { from: '/newincident' } };
const claimsOf = (status: number) => ({ status, admin: false, privileges: [], userId: 'u', accountId: 'a' });
let n = 0;
const callbackUrl = (query = 'code=abc&state=xyz') => `http://localhost:3000/callback?${query}&n=${n++}`;

beforeEach(() => {
  signinRedirectCallback.mockReset();
  createSession.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('handleSignInCallback', () => {
  it('creates the session with the new token and returns to the kept page', async () => {
    signinRedirectCallback.mockResolvedValue(user);
    createSession.mockResolvedValue(claimsOf(1));
    const outcome = await handleSignInCallback(callbackUrl());
    expect(createSession).toHaveBeenCalledWith('access');
    expect(outcome).toMatchObject({ kind: 'signedIn', to: '/newincident' });
  });

  it('sends a user whose status is not active to the error page of the status', async () => {
    signinRedirectCallback.mockResolvedValue(user);
    createSession.mockResolvedValue(claimsOf(0));
    expect(await handleSignInCallback(callbackUrl())).toMatchObject({ kind: 'signedIn', to: '/errors/pending' });
    createSession.mockResolvedValue(claimsOf(2));
    expect(await handleSignInCallback(callbackUrl())).toMatchObject({ to: '/errors/inactive' });
    createSession.mockResolvedValue(claimsOf(9));
    expect(await handleSignInCallback(callbackUrl())).toMatchObject({ to: '/errors/unknownStatus' });
  });

  it('goes to the concurrent-user page when the callback URL says so', async () => {
    signinRedirectCallback.mockRejectedValue(new Error('access_denied'));
    const url = callbackUrl('error=access_denied&error_description=EXCEED_MAX_CONCURRENT_USER&state=xyz');
    expect(await handleSignInCallback(url)).toEqual({ kind: 'navigate', to: '/errors/exceedMaxConcurrentUser' });
  });

  it('goes to the concurrent-user page when the session call refuses', async () => {
    signinRedirectCallback.mockResolvedValue(user);
    createSession.mockRejectedValue(new ApiError(403, 'EXCEED_MAX_CONCURRENT_USER', 'too many'));
    expect(await handleSignInCallback(callbackUrl())).toEqual({
      kind: 'navigate',
      to: '/errors/exceedMaxConcurrentUser',
    });
  });

  it('alerts any other callback error', async () => {
    signinRedirectCallback.mockRejectedValue(new Error('No matching state found in storage'));
    expect(await handleSignInCallback(callbackUrl())).toEqual({
      kind: 'alert',
      message: 'Error: No matching state found in storage. Check the console for further details.',
    });
  });

  it('handles one return URL once, however often it is asked', async () => {
    signinRedirectCallback.mockResolvedValue(user);
    createSession.mockResolvedValue(claimsOf(1));
    const url = callbackUrl();
    const [first, second] = await Promise.all([handleSignInCallback(url), handleSignInCallback(url)]);
    expect(first).toBe(second);
    expect(signinRedirectCallback).toHaveBeenCalledTimes(1);
  });
});
