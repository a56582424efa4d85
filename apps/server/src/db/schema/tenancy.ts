import { sql } from 'drizzle-orm';
import { pgPolicy, uuid } from 'drizzle-orm/pg-core';

/** The tenant of the current transaction, or NULL when none was set (then no row matches). */
export const currentTenant = sql`nullif(current_setting('app.account_id', true), '')::uuid`;

/** account_id column of every tenant-owned table. */
export const accountId = () => uuid('account_id').notNull();

/** Row-level security: a row is visible and writable only inside its own tenant's transaction. */
export const tenantPolicy = (column = sql`account_id`) =>
  pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    using: sql`${column} = ${currentTenant}`,
    withCheck: sql`${column} = ${currentTenant}`,
  });
