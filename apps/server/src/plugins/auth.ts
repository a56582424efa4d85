import {
  API_TOKEN_PREFIX,
  effectivePrivileges,
  type Privilege,
  TOKEN_EXPIRED_MESSAGE,
  USER_STATUS,
  UUID_PATTERN,
} from '@blotter/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type JWTPayload, errors as joseErrors } from 'jose';
import type { PrincipalIdentity, PrincipalRow, PrincipalScope, PrincipalScopeOptions } from '../db/client';
import { API_TOKEN_REFUSED_MESSAGE, refusesApiTokens, touchApiToken } from '../modules/api-tokens/api-token-rules';
import { apiTokenHash, isWellFormedApiToken } from '../modules/api-tokens/api-token-secret';
import { findMfaStep, MFA_STEP_TOKEN_PREFIX, type MfaStep } from '../oidc/mfa-step';
import { AppError } from './errors';

/**
 * 'mfa': like 'user', or a sign-in waiting for its two-factor code (a step token, see
 * oidc/mfa-step.ts); 'mfaStep': only such a sign-in. Step tokens open nothing else.
 */
export type AuthMode = 'public' | 'session' | 'user' | 'mfa' | 'mfaStep';

/** The signed-in user of a request: who, which company, which privileges (from the database). */
export interface Principal {
  userId: string;
  accountId: string;
  email: string;
  name: string;
  admin: boolean;
  systemAdmin: boolean;
  privileges: Privilege[];
  status: number;
  /** The sign-in this token belongs to (one row in sessions). */
  sessionId: string;
  sessionActive: boolean;
  /** Set when the request carries a two-factor step token instead of an access token. */
  mfaStep?: MfaStep;
  /**
   * Set when the request carries an API token (issue 32 §2) instead of a person's access token:
   * then userId is its creator's, name the token's, admin false and privileges the token's.
   */
  apiToken?: { id: string; name: string };
  account: {
    active: boolean;
    trial: boolean;
    measurementType: number;
    dateFormat: number;
    concurrentUserCount: number;
    companyName: string;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Principal | null;
  }
  interface FastifyInstance {
    verifiedTokens: VerifiedTokenCache;
  }
}

const unauthorized = (message = 'Sign in to continue.') => new AppError('UNAUTHORIZED', message);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

async function verify(app: FastifyInstance, token: string): Promise<JWTPayload> {
  try {
    return await app.verifyAccessToken(token);
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new AppError('TOKEN_EXPIRED', TOKEN_EXPIRED_MESSAGE);
    }
    throw unauthorized('Your access token is not valid. Please sign in again.');
  }
}

/**
 * The sign-in a token belongs to: the grant of the embedded provider, else the issuer's session id,
 * else the subject with its authentication (or issue) time, so every sign-in gets its own session
 * even from issuers whose access tokens carry no session id.
 */
export function sessionKeyOf(payload: JWTPayload): string {
  if (typeof payload.gid === 'string') return payload.gid;
  if (typeof payload.sid === 'string') return payload.sid;
  if (typeof payload.sub !== 'string') return '';
  const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat;
  return `${payload.sub}@${authTime ?? 0}`;
}

/**
 * Verified tokens until they expire, so a request does not check an RS256 signature that was
 * already checked: the same token string always verifies to the same payload. Only the token's
 * claims are kept; the user, privileges and session are read from the database on every call.
 */
export class VerifiedTokenCache {
  readonly #entries = new Map<string, { payload: JWTPayload; expiresAt: number }>();
  constructor(private readonly maxEntries = 10_000) {}

  get(token: string, now = Date.now()): JWTPayload | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (now >= entry.expiresAt) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.payload;
  }

  /** Keeps a payload until its exp; a token without one is not kept. */
  set(token: string, payload: JWTPayload): void {
    if (typeof payload.exp !== 'number') return;
    if (this.#entries.size >= this.maxEntries) {
      // The oldest entry goes first (a Map iterates in insertion order).
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(token, { payload, expiresAt: payload.exp * 1000 });
  }

  get size(): number {
    return this.#entries.size;
  }
}

async function verifyCached(app: FastifyInstance, token: string): Promise<JWTPayload> {
  const cached = app.verifiedTokens.get(token);
  if (cached) return cached;
  const payload = await verify(app, token);
  app.verifiedTokens.set(token, payload);
  return payload;
}

/** Who a verified token names: a user id from the embedded provider, an email from an external issuer. */
function identityOf(app: FastifyInstance, payload: JWTPayload): PrincipalIdentity | null {
  const sessionId = sessionKeyOf(payload);
  if (app.config.oidc.embedded) {
    return UUID_PATTERN.test(String(payload.sub)) ? { userId: String(payload.sub), email: null, sessionId } : null;
  }
  const email = String(payload.email ?? '');
  return email ? { userId: null, email, sessionId } : null;
}

/** The principal of a blotter_principal row (also how the demo seed acts as the demo users). */
export function principalOf(row: PrincipalRow, sessionId: string): Principal {
  return {
    userId: row.userId,
    accountId: row.accountId,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    admin: row.isAdmin,
    systemAdmin: row.systemAdmin,
    privileges: effectivePrivileges(row.isAdmin, row.granted ?? []),
    status: row.status,
    sessionId,
    sessionActive: row.sessionFound && !row.sessionEnded,
    account: {
      active: row.accountActive,
      trial: row.trial,
      measurementType: row.measurementType,
      dateFormat: row.dateFormat,
      concurrentUserCount: row.concurrentUserCount,
      companyName: row.companyName,
    },
  };
}

/** A signed-in request: its principal and the tenant its queries run in. */
export interface Authenticated {
  principal: Principal;
  /** The request's first tenant() reuses the connection that read the principal (see Database.principalScope). */
  scope: PrincipalScope;
}

/**
 * Authenticates a request. 'session' needs a valid token of a known user; 'user' also needs an
 * active user whose session was created and not ended (logout ends it). The principal is read
 * with the tenant readied in the same round trip; readOnly (GET) runs the request's queries
 * without a transaction and refuses writes. The caller releases the scope when it is done.
 */
export async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  mode: AuthMode,
  options: PrincipalScopeOptions,
): Promise<Authenticated | null> {
  const token = bearerToken(request);
  if (!token) {
    if (mode === 'public') return null;
    throw unauthorized();
  }
  if (token.startsWith(API_TOKEN_PREFIX)) return authenticateApiToken(app, request, token, mode, options);
  if (token.startsWith(MFA_STEP_TOKEN_PREFIX)) {
    if (mode !== 'mfa' && mode !== 'mfaStep') throw unauthorized();
    return authenticateMfaStep(app, request, token, options);
  }
  const payload = await verifyCached(app, token);
  if (mode === 'mfaStep') throw unauthorized(NO_MFA_STEP);
  const identity = identityOf(app, payload);
  if (!identity) throw unauthorized(NO_USER);
  const scope = await app.database.principalScope(identity, options);
  try {
    if (!scope.row) throw unauthorized(NO_USER);
    const principal = principalOf(scope.row, identity.sessionId);
    request.auth = principal;
    if (mode === 'user' || mode === 'mfa') {
      if (principal.status !== USER_STATUS.ACTIVE) {
        throw new AppError('USER_NOT_ACTIVE', 'Your user account is not active.');
      }
      if (!principal.sessionActive) {
        throw new AppError('SESSION_ENDED', 'Your session has ended. Please sign in again.');
      }
    }
    return { principal, scope };
  } catch (error) {
    scope.release();
    throw error;
  }
}

const NO_USER = 'No Blotter user matches this sign-in.';
const NO_MFA_STEP = 'There is no sign-in waiting for a verification code.';
const MFA_STEP_EXPIRED = 'Your sign-in has expired. Please sign in again.';

/** A sign-in waiting for its code: the principal of the step's user, without a session. */
async function authenticateMfaStep(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  options: PrincipalScopeOptions,
): Promise<Authenticated> {
  const step = await findMfaStep(app.database, token);
  if (!step) throw unauthorized(MFA_STEP_EXPIRED);
  const scope = await app.database.principalScope(
    { userId: step.userId, email: null, sessionId: `mfa-step:${step.id}` },
    options,
  );
  if (!scope.row) {
    scope.release();
    throw unauthorized(MFA_STEP_EXPIRED);
  }
  const principal: Principal = { ...principalOf(scope.row, ''), sessionActive: false, mfaStep: step };
  request.auth = principal;
  return { principal, scope };
}

const API_TOKEN_INVALID = 'This API token is not valid.';

/**
 * A request with an API token: the principal of the token's creator, acting with the token's
 * privileges (never more than the creator holds now) and named by the token, so what it changes is
 * audited under the token's name. It has no session. Refused (401) when the token is unknown,
 * revoked or expired, or its creator was deleted, is not active or no longer holds one of its
 * privileges; refused (403) on the calls of a person's own sign-in (API_TOKEN_REFUSED_ROUTES).
 */
async function authenticateApiToken(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  mode: AuthMode,
  options: PrincipalScopeOptions,
): Promise<Authenticated> {
  const url = request.routeOptions.url?.slice(API_PATH_PREFIX.length) ?? '';
  if (mode === 'mfa' || mode === 'mfaStep' || refusesApiTokens(request.method, url)) {
    throw new AppError('FORBIDDEN', API_TOKEN_REFUSED_MESSAGE);
  }
  if (!isWellFormedApiToken(token)) throw unauthorized(API_TOKEN_INVALID);
  const scope = await app.database.principalScope(
    { userId: null, email: null, sessionId: '', apiTokenHash: apiTokenHash(token) },
    options,
  );
  try {
    const row = scope.row;
    const stored = row?.token;
    if (!row || !stored) throw unauthorized(API_TOKEN_INVALID);
    if (stored.revoked) throw unauthorized('This API token has been revoked.');
    if (stored.expired) throw unauthorized('This API token has expired.');
    if (stored.creatorDeleted || row.status !== USER_STATUS.ACTIVE) {
      throw unauthorized('The user who created this API token is no longer active, so the token no longer works.');
    }
    const held = effectivePrivileges(row.isAdmin, row.granted ?? []);
    const lost = stored.privileges.find((code) => !(held as string[]).includes(code));
    if (lost) {
      throw unauthorized(`The user who created this API token no longer holds ${lost}, so the token no longer works.`);
    }
    const principal: Principal = {
      ...principalOf(row, `api-token:${stored.id}`),
      name: stored.name,
      admin: false,
      systemAdmin: false,
      privileges: held.filter((code) => stored.privileges.includes(code)),
      sessionActive: true,
      apiToken: { id: stored.id, name: stored.name },
    };
    request.auth = principal;
    if (!stored.usedRecently) await touchApiToken(app.database, stored.id);
    return { principal, scope };
  } catch (error) {
    scope.release();
    throw error;
  }
}

/** The prefix of every API route's path (route.ts's API_PREFIX; not imported, route.ts imports this file). */
const API_PATH_PREFIX = '/api';

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorate('verifiedTokens', new VerifiedTokenCache());
}
