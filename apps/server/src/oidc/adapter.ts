import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/client';
import { oidcPayloads } from '../db/schema/index';

const GRANTABLE = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
];

/**
 * Keeps the identity provider's state (sessions, interactions, grants, codes, refresh tokens) in
 * the database, so a restart or a second server process loses no sign-in.
 */
export function databaseAdapter(database: Database) {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        id,
        type: this.type,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await database.system((tx) =>
        tx
          .insert(oidcPayloads)
          .values(row)
          .onConflictDoUpdate({
            target: [oidcPayloads.type, oidcPayloads.id],
            set: {
              payload,
              grantId: row.grantId,
              userCode: row.userCode,
              uid: row.uid,
              expiresAt,
            },
          }),
      );
    }

    private async findWhere(condition: ReturnType<typeof eq>) {
      const rows = await database.system((tx) =>
        tx
          .select()
          .from(oidcPayloads)
          .where(and(eq(oidcPayloads.type, this.type), condition))
          .limit(1),
      );
      const row = rows[0];
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    async consume(id: string) {
      await database.system((tx) =>
        tx
          .update(oidcPayloads)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id))),
      );
    }

    async destroy(id: string) {
      await database.system((tx) =>
        tx.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id))),
      );
    }

    async revokeByGrantId(grantId: string) {
      await database.system((tx) =>
        tx.delete(oidcPayloads).where(and(inArray(oidcPayloads.type, GRANTABLE), eq(oidcPayloads.grantId, grantId))),
      );
    }
  };
}

/** Removes expired provider state; run now and then by the server. */
export async function purgeExpiredOidcPayloads(database: Database) {
  await database.system((tx) => tx.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date())));
}
