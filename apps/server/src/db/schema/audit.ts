import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';

/**
 * The audit log (spec 3 §3 Audit entry). Entries are inserted unchained by the transaction that
 * made the change; the sealer (modules/audit/audit-chain.ts) later gives each company's committed
 * entries, in order, their chain number, the previous entry's hash and their own hash, through the
 * SECURITY DEFINER function blotter_audit_seal: the application role may insert entries but never
 * update or delete one (migration audit_append_only).
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    objectType: text('object_type').notNull(),
    objectName: text('object_name').notNull().default(''),
    transactionType: text('transaction_type').notNull(),
    createUserId: uuid('create_user_id'),
    createUserName: text('create_user_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    objectId: text('object_id'),
    objectHistoryId: uuid('object_history_id'),
    objectData: jsonb('object_data'),
    /** The entry's place in its company's chain, from 1; null until sealed. */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    /** The hash of the entry before it (64 zeros for the first). */
    prevHash: text('prev_hash'),
    /** HMAC-SHA256 (hex, keyed with AUDIT_CHAIN_KEY) of prevHash and the entry's canonical content. */
    hash: text('hash'),
  },
  (t) => [
    index('audit_entries_account_time').on(t.accountId, t.createdAt),
    uniqueIndex('audit_entries_account_chain').on(t.accountId, t.chainSeq),
    // The sealer's work list: only the few entries not sealed yet.
    index('audit_entries_unsealed').on(t.accountId, t.createdAt).where(sql`chain_seq is null`),
    tenantPolicy(),
  ],
);

/**
 * The end of each company's audit chain: the last sealed number and hash. It is the sealer's lock
 * (one sealer per company at a time) and the anchor that shows entries deleted from the end.
 */
export const auditChainHeads = pgTable(
  'audit_chain_heads',
  {
    accountId: accountId()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    chainSeq: bigint('chain_seq', { mode: 'number' }).notNull().default(0),
    hash: text('hash').notNull().default(sql`repeat('0', 64)`),
    /**
     * The id of the key (AUDIT_CHAIN_KEY) the chain's links are HMACs of; null only for a chain of
     * unkeyed sha256 links from before issue 26, which the server re-keys once at start.
     */
    keyId: text('key_id'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy()],
);
