import { createHash, randomBytes } from 'node:crypto';

/** Minimal HTTP client with a cookie jar, enough to walk the sign-in flow like a browser. */
export type Fetcher = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}>;

function cookieJar() {
  const jar = new Map<string, string>();
  return {
    store(setCookie: string | string[] | undefined) {
      for (const line of ([] as string[]).concat(setCookie ?? [])) {
        const [pair] = line.split(';');
        const [name, ...rest] = (pair ?? '').split('=');
        if (!name) continue;
        const value = rest.join('=');
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name.trim());
        else jar.set(name.trim(), value);
      }
    },
    header: () => [...jar.entries()].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

export interface SignInResult {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string;
  expiresIn: number;
}

/** A sign-in started in one browser (one cookie jar), stopped after the password form. */
export interface StartedSignIn {
  /** A request with the browser's cookies (a path, or a URL under the public URL). */
  request: (url: string, init?: Parameters<Fetcher>[1]) => ReturnType<Fetcher>;
  /** Where the provider sent the browser after the password; undefined when the form refused it. */
  location: string | undefined;
  loginError?: { loginError: string; status: number };
  /** Follows the provider's redirects from `from` back to the app and exchanges the code. */
  complete(from: string): Promise<SignInResult | { error: string; errorDescription: string }>;
}

/**
 * Starts a sign-in through the embedded provider: authorization request with PKCE and the sign-in
 * form. complete() follows the redirect back with a code and exchanges it for tokens.
 */
export async function startSignInThroughProvider(
  fetcher: Fetcher,
  options: { publicUrl: string; clientId: string; email: string; password: string; scope?: string },
): Promise<StartedSignIn> {
  const jar = cookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${options.publicUrl}/callback`;
  const path = (location: string) => location.replace(options.publicUrl, '');
  const request = async (url: string, init: Parameters<Fetcher>[1] = {}) => {
    const response = await fetcher(path(url), { ...init, headers: { ...(init.headers ?? {}), cookie: jar.header() } });
    jar.store(response.headers['set-cookie']);
    return response;
  };
  const auth = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: options.scope ?? 'openid profile email api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  let response = await request(`/oidc/auth?${auth}`);
  const first = String(response.headers.location ?? '');
  if (response.status !== 303 && response.status !== 302) throw new Error(`auth: ${response.status} ${response.body}`);
  response = await request(first);
  if (response.status !== 200) throw new Error(`interaction: ${response.status} ${response.body}`);
  const uid = /interaction\/([^/]+)\/login/.exec(response.body)?.[1];
  if (!uid) throw new Error('no sign-in form');
  response = await request(`/oidc/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: options.email, password: options.password }).toString(),
  });
  const complete: StartedSignIn['complete'] = async (from) => {
    let location = from;
    // Follow the provider's redirects until it sends us back to the app.
    for (let hops = 0; hops < 5 && !location.startsWith(redirectUri); hops++) {
      const next = await request(location);
      location = String(next.headers.location ?? '');
    }
    const callback = new URL(location);
    const error = callback.searchParams.get('error');
    if (error) return { error, errorDescription: callback.searchParams.get('error_description') ?? '' };
    const code = callback.searchParams.get('code');
    if (!code) throw new Error(`no code in ${location}`);
    const token = await request('/oidc/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: options.clientId,
        code_verifier: verifier,
      }).toString(),
    });
    if (token.status !== 200) throw new Error(`token: ${token.status} ${token.body}`);
    const tokens = JSON.parse(token.body) as {
      access_token: string;
      refresh_token?: string;
      id_token: string;
      expires_in: number;
    };
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      idToken: tokens.id_token,
      expiresIn: tokens.expires_in,
    };
  };
  if (response.status !== 303 && response.status !== 302) {
    const message = /role="alert">([^<]*)</.exec(response.body)?.[1] ?? response.body;
    return { request, location: undefined, loginError: { loginError: message, status: response.status }, complete };
  }
  return { request, location: String(response.headers.location), complete };
}

/**
 * Signs in through the embedded provider: authorization request with PKCE, the sign-in form,
 * the redirect back with a code, and the token exchange. Answers the tokens, or the callback URL
 * when the provider redirected back with an error.
 */
export async function signInThroughProvider(
  fetcher: Fetcher,
  options: { publicUrl: string; clientId: string; email: string; password: string; scope?: string },
): Promise<SignInResult | { error: string; errorDescription: string } | { loginError: string; status: number }> {
  const started = await startSignInThroughProvider(fetcher, options);
  if (started.loginError || !started.location) return started.loginError ?? { loginError: 'no redirect', status: 0 };
  return started.complete(started.location);
}

/** A Fetcher over real HTTP (global fetch, no automatic redirects). */
export function httpFetcher(baseUrl: string): Fetcher {
  return async (url, init = {}) => {
    const response = await fetch(`${baseUrl}${url}`, { ...init, redirect: 'manual' });
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const setCookie = response.headers.getSetCookie();
    if (setCookie.length) headers['set-cookie'] = setCookie;
    return { status: response.status, headers, body: await response.text() };
  };
}
