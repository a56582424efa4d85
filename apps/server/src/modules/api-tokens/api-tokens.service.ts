import {
  API_TOKEN_FORBIDDEN_PRIVILEGES,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenPage,
  type ApiTokenStatus,
  type apiTokenInput,
  type PageQuery,
  PRIVILEGES,
  type Privilege,
} from '@blotter/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { apiTokens, users } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { apiTokenHash, apiTokenHint, newApiTokenSecret } from './api-token-secret';

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  hint: apiTokens.hint,
  privileges: apiTokens.privileges,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  createdByName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
};
interface Row {
  id: string;
  name: string;
  hint: string;
  privileges: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdByName: string;
}

const statusOf = (row: Pick<Row, 'revokedAt' | 'expiresAt'>, now: number): ApiTokenStatus => {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  return 'active';
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function present(row: Row, now = Date.now()): ApiToken {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    privileges: PRIVILEGES.filter((code) => row.privileges.includes(code)),
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
    status: statusOf(row, now),
  };
}

/** The company's tokens, newest first, one page (revoked and expired ones too, with their status). */
export async function listApiTokens(tx: Executor, query: PageQuery): Promise<ApiTokenPage> {
  const [items, totals] = await Promise.all([
    tx
      .select(columns)
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.createdBy))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .limit(query.psz)
      .offset(query.p * query.psz),
    tx.select({ n: count() }).from(apiTokens),
  ]);
  return { items: items.map((row) => present(row)), total: totals[0]?.n ?? 0, page: query.p, pageSize: query.psz };
}

/**
 * The privilege of the list the creator does not hold (or no token may hold), if any: a token never
 * holds more than its creator.
 */
export function privilegeBeyondCreator(creator: Principal, codes: readonly Privilege[]): Privilege | undefined {
  return codes.find(
    (code) => API_TOKEN_FORBIDDEN_PRIVILEGES.includes(code) || !(creator.admin || creator.privileges.includes(code)),
  );
}

/** Makes a token for the creator; the answer holds its secret, which is never stored nor shown again. */
export async function createApiToken(
  tx: Tx,
  creator: Principal,
  input: z.output<typeof apiTokenInput>,
): Promise<ApiTokenCreated> {
  const beyond = privilegeBeyondCreator(creator, input.privileges);
  if (beyond) throw badRequest(`You cannot give an API token the privilege ${beyond}, which you do not hold.`);
  const secret = newApiTokenSecret();
  const [row] = await tx
    .insert(apiTokens)
    .values({
      accountId: creator.accountId,
      name: input.name,
      tokenHash: apiTokenHash(secret),
      hint: apiTokenHint(secret),
      privileges: input.privileges,
      createdBy: creator.userId,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    })
    .returning({ id: apiTokens.id });
  if (!row) throw new Error('API token not inserted');
  const token = await findApiToken(tx, row.id);
  if (!token) throw new Error('API token not found after insert');
  await writeAudit(tx, creator, {
    objectType: 'API_TOKEN',
    transactionType: 'CREATE',
    objectId: token.id,
    objectName: token.name,
    objectData: { name: token.name, hint: token.hint, privileges: token.privileges, expiresAt: token.expiresAt },
  });
  return { token, secret };
}

async function findApiToken(tx: Executor, id: string): Promise<ApiToken | undefined> {
  const [row] = await tx
    .select(columns)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.id, id));
  return row ? present(row) : undefined;
}

/**
 * Revokes the token: the next call with it is refused (its principal is read on every call). A
 * token revoked already stays as it was (no second audit entry).
 */
export async function revokeApiToken(tx: Tx, principal: Principal, id: string): Promise<void> {
  const token = await findApiToken(tx, id);
  if (!token) throw notFound('API token');
  const [revoked] = await tx
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!revoked) return;
  await writeAudit(tx, principal, {
    objectType: 'API_TOKEN',
    transactionType: 'REVOKE',
    objectId: token.id,
    objectName: token.name,
    objectData: { name: token.name, hint: token.hint },
  });
}
