import { effectivePrivileges, type Privilege, TOKEN_EXPIRED_MESSAGE, USER_STATUS } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type JWTPayload, errors as joseErrors } from 'jose';
import { accounts, sessions, users, workgroups } from '../db/schema/index';
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

/** Loads the user, workgroup, company and session of a verified token in one query. */
async function loadPrincipal(app: FastifyInstance, payload: JWTPayload): Promise<Principal | null> {
  const sessionId = sessionKeyOf(payload);
  const match = app.config.oidc.embedded
    ? eq(users.id, String(payload.sub))
    : eq(sql`lower(${users.email})`, String(payload.email ?? '').toLowerCase());
  if (app.config.oidc.embedded && !/^[0-9a-f-]{36}$/i.test(String(payload.sub))) return null;
  const rows = await app.database.system((tx) =>
    tx
      .select({
        userId: users.id,
        accountId: users.accountId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        status: users.status,
        systemAdmin: users.systemAdmin,
        isAdmin: workgroups.isAdmin,
        granted: workgroups.privileges,
        accountActive: accounts.active,
        trial: accounts.trial,
        measurementType: accounts.measurementType,
        dateFormat: accounts.dateFormat,
        concurrentUserCount: accounts.concurrentUserCount,
        companyName: accounts.companyName,
        sessionEndedAt: sessions.endedAt,
        sessionUserId: sessions.userId,
      })
      .from(users)
      .innerJoin(workgroups, eq(workgroups.id, users.userGroupId))
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .leftJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.userId, users.id)))
      .where(match)
      .limit(1),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    userId: row.userId,
    accountId: row.accountId,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    admin: row.isAdmin,
    systemAdmin: row.systemAdmin,
    privileges: effectivePrivileges(row.isAdmin, row.granted),
    status: row.status,
    sessionId,
    sessionActive: row.sessionUserId !== null && row.sessionEndedAt === null,
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
