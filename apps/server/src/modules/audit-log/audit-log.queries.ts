import { AUDIT_USER_LIMIT, type AuditEntry, type AuditPage, type AuditUser } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jsonValue } from '../../db/json';

/** Reads of the audit log, each one statement answering one JSON value (row-level security limits them to the company). */

/** The table row of the entry aliased `e`, as JSON. */
const entryJson = sql`json_build_object(
  'id', e.id, 'objectType', e.object_type, 'objectName', e.object_name, 'transactionType', e.transaction_type,
  'createUserId', e.create_user_id, 'createUserName', e.create_user_name,
  'createUserTime', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'objectId', e.object_id, 'objectHistoryId', e.object_history_id, 'chainSeq', e.chain_seq)`;

export interface AuditFilter {
  /** Instants: from included, to excluded. */
  from: Date;
  to: Date;
  objectType?: string | undefined;
  createUserId?: string | undefined;
}

/** A page of the entries of the filter, newest first, and how many there are (one statement). */
export async function listAuditEntries(
  tx: Executor,
  filter: AuditFilter,
  page: { p: number; psz: number },
): Promise<AuditPage> {
  const conditions: SQL[] = [
    sql`e.created_at >= ${filter.from.toISOString()}::timestamptz`,
    sql`e.created_at < ${filter.to.toISOString()}::timestamptz`,
  ];
  if (filter.objectType) conditions.push(sql`e.object_type = ${filter.objectType}`);
  if (filter.createUserId) conditions.push(sql`e.create_user_id = ${filter.createUserId}::uuid`);
  const where = sql.join(conditions, sql` and `);
  const value = await jsonValue<{ total: number; items: AuditEntry[] }>(
    tx,
    sql`select json_build_object(
      'total', (select count(*) from audit_entries e where ${where}),
      'items', coalesce((select json_agg(${entryJson} order by e.created_at desc, e.id desc)
        from (select * from audit_entries e where ${where} order by e.created_at desc, e.id desc
          limit ${page.psz} offset ${page.p * page.psz}) e), '[]'::json)) as value`,
  );
  return { items: value.items, total: Number(value.total), page: page.p, pageSize: page.psz };
}

/** One entry with its objectData; undefined when the company has no such entry. */
export async function findAuditEntry(
  tx: Executor,
  id: string,
): Promise<(AuditEntry & { objectData: unknown }) | undefined> {
  const value = await jsonValue<(AuditEntry & { objectData: unknown }) | null>(
    tx,
    sql`select (select (${entryJson}::jsonb || jsonb_build_object('objectData', e.object_data))
      from audit_entries e where e.id = ${id}::uuid) as value`,
  );
  return value ?? undefined;
}

/** The company's users by name, for the filter by user (bounded: a company's users are few). */
export async function listAuditUsers(tx: Executor): Promise<AuditUser[]> {
  return jsonValue<AuditUser[]>(
    tx,
    sql`select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name) order by lower(u.name), u.id), '[]'::json) as value
      from (select id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) as name
        from users order by lower(trim(first_name || ' ' || last_name)), id limit ${AUDIT_USER_LIMIT}) u`,
  );
}
