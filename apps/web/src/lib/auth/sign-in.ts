import type { SessionClaims } from '@blotter/shared/schemas/session';
import type { User } from 'oidc-client-ts';
import { ApiError, errorMessage } from '../api-error';
import { createSession } from './create-session';
import { returnPath, type SignInFailureOutcome, signInFailureOutcome, statusErrorRoute } from './session-rules';
import { setCurrentUser } from './token';
import { getUserManager } from './user-manager';

interface SignInState {
  from?: string;
}

/** /login: sends the browser to the identity provider, remembering where to come back to. */
export function startSignIn(from: string): Promise<void> {
  const state: SignInState = { from };
  return getUserManager().signinRedirect({ state });
}

export type CallbackOutcome =
  | { kind: 'signedIn'; user: User; claims: SessionClaims; to: string }
  | SignInFailureOutcome;

function describe(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'error_description' in error) {
    const description = (error as { error_description: unknown }).error_description;
    return typeof description === 'string' ? description : null;
  }
  return null;
}

async function runCallback(url: string): Promise<CallbackOutcome> {
  const urlDescription = new URL(url).searchParams.get('error_description');
  let user: User;
  try {
    user = await getUserManager().signinRedirectCallback(url);
  } catch (error) {
    console.error('Sign-in callback failed', error);
    return signInFailureOutcome({ description: urlDescription ?? describe(error), message: errorMessage(error) });
  }
  setCurrentUser(user);
  try {
    const claims = await createSession(user.access_token);
    const from = (user.state as SignInState | undefined)?.from;
    return { kind: 'signedIn', user, claims, to: statusErrorRoute(claims.status) ?? returnPath(from) };
  } catch (error) {
    console.error('Creating the session failed', error);
    const code = error instanceof ApiError ? error.code : null;
    return signInFailureOutcome({ code, message: errorMessage(error) });
  }
}

let pending: { url: string; outcome: Promise<CallbackOutcome> } | undefined;

/**
 * /callback: exchanges the code for tokens and creates the session. Runs once per return URL
 * (React may mount the page twice in development, and a code can be used only once).
 */
export function handleSignInCallback(url: string = window.location.href): Promise<CallbackOutcome> {
  if (pending?.url !== url) pending = { url, outcome: runCallback(url) };
  return pending.outcome;
}
