import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { accountId, tenantPolicy } from './tenancy';
import { users } from './users';

/**
 * Merges of two register records of the same person or legal entity (issue 31 §3). The merged
 * record (parties) is deleted; its whole row is kept here (`merged_party`), with the links that
 * moved to the kept record (`moved`: the incident cards of incident_persons or incident_companies
 * as [incident_id, id] pairs, the ids of the bans, and the cards of working copies), so that an unmerge within 30 days puts
 * the record back exactly and moves back exactly those links.
 */
export const subjectMerges = pgTable(
  'subject_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId().references(() => accounts.id, { onDelete: 'cascade' }),
    /** person | legalEntity */
    kind: text('kind').notNull(),
    /** The record kept (parties.id); no foreign key: it may itself be merged away later. */
    keptId: uuid('kept_id').notNull(),
    /** The record merged away (parties.id, deleted until an unmerge restores it). */
    mergedId: uuid('merged_id').notNull(),
    /** The merged record's parties row as it was (to_jsonb), restored by an unmerge. */
    mergedParty: jsonb('merged_party').notNull(),
    /**
     * What moved to the kept record: { cards: [[incident_id, card id], …], bans: [ban id, …],
     * drafts: [[draft id, card id], …] } (the cards of working copies naming the merged record).
     */
    moved: jsonb('moved').notNull(),
    mergedBy: uuid('merged_by').references(() => users.id, { onDelete: 'set null' }),
    mergedByName: text('merged_by_name').notNull().default(''),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The merges into a record that can still be undone, newest first (the subject's page).
    index('subject_merges_account_kept').on(t.accountId, t.keptId, t.mergedAt).where(sql`undone_at is null`),
    tenantPolicy(),
  ],
);
