import { effectivePrivileges, type Privilege, TOKEN_EXPIRED_MESSAGE, USER_STATUS, UUID_PATTERN } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type JWTPayload, errors as joseErrors } from 'jose';
import { AppError } from './errors';

export type AuthMode = 'public' | 'session' | 'user';

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

interface PrincipalRow {
  userId: string;
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  status: number;
  systemAdmin: boolean;
  isAdmin: boolean;
  granted: string[] | null;
  accountActive: boolean;
  trial: boolean;
  measurementType: number;
  dateFormat: number;
  concurrentUserCount: number;
  companyName: string;
  sessionFound: boolean;
  sessionEnded: boolean;
}

/**
 * Loads the user, workgroup, company and session of a verified token with one call of the
 * database function blotter_principal (migration 0003), whose plan stays prepared: this runs on
 * every request.
 */
async function loadPrincipal(app: FastifyInstance, payload: JWTPayload): Promise<Principal | null> {
  const sessionId = sessionKeyOf(payload);
  const embedded = app.config.oidc.embedded;
  if (embedded && !UUID_PATTERN.test(String(payload.sub))) return null;
  const userId = embedded ? String(payload.sub) : null;
  const email = embedded ? null : String(payload.email ?? '');
  if (!embedded && !email) return null;
  const result = await app.database.db.execute(
    sql`select blotter_principal(${userId}::uuid, ${email}, ${sessionId}) as p`,
  );
  const row = (result as unknown as { rows: { p: PrincipalRow | null }[] }).rows[0]?.p;
  if (!row) return null;
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

/**
 * Authenticates a request. 'session' needs a valid token of a known user; 'user' also needs an
 * active user whose session was created and not ended (logout ends it).
 */
export async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  mode: AuthMode,
): Promise<Principal | null> {
  const token = bearerToken(request);
  if (!token) {
    if (mode === 'public') return null;
    throw unauthorized();
  }
  const payload = await verify(app, token);
  const principal = await loadPrincipal(app, payload);
  if (!principal) throw unauthorized('No Blotter user matches this sign-in.');
  request.auth = principal;
  if (mode === 'user') {
    if (principal.status !== USER_STATUS.ACTIVE) {
      throw new AppError('USER_NOT_ACTIVE', 'Your user account is not active.');
    }
    if (!principal.sessionActive) {
      throw new AppError('SESSION_ENDED', 'Your session has ended. Please sign in again.');
    }
  }
  return principal;
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
}
