import type { BanType, SubjectKind } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  type BanTermsRow,
  banActiveSql,
  banStrengthSql,
  banTerms,
  banTermsColumns,
  companyTodaySql,
} from './subject-sql';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface SubjectRef {
  kind: SubjectKind;
  id: string;
}

export interface ActiveBan {
  id: string;
  subjectKind: SubjectKind;
  subjectId: string;
  banType: BanType;
  reason: string;
  /** The locations the ban names (empty: every location of the company). */
  locationIds: string[];
  startDate: string;
  endDate: string | null;
}

/**
 * The bans, trespass notices and watches in force on `at` (default now; the day in the company's
 * time zone) on any of `subjects` that cover `locationId`: a ban naming no location covers every
 * one; otherwise one of its locations must be the location or one of its ancestors in the location
 * tree (a ban covers its locations' descendants). Without a location only the company-wide bans
 * match. Strongest first (ban, trespass, watch), then the latest start. `tx` runs in `companyId`'s
 * tenant (row-level security); the id is also every query's condition.
 */
export async function activeBansFor(
  tx: Executor,
  companyId: string,
  subjects: readonly SubjectRef[],
  locationId: string | null,
  at: Date | null = null,
): Promise<ActiveBan[]> {
  if (subjects.length === 0) return [];
  const refs = JSON.stringify(subjects.map((s) => ({ kind: s.kind, id: s.id.toLowerCase() })));
  const result = await tx.execute(sql`
    with recursive covering(id, parent_id, depth) as (
           select l.id, l.parent_id, 0 from lookups l
            where l.account_id = ${companyId} and l.type = 'location' and l.id = ${locationId}::uuid
           union all
           select l.id, l.parent_id, c.depth + 1 from lookups l join covering c on l.id = c.parent_id
            where l.account_id = ${companyId} and c.depth < 20),
         wanted as (select r.kind, r.id from jsonb_to_recordset(${refs}::jsonb) as r(kind text, id uuid))
    select ${banTermsColumns}
      from subject_bans b
      join wanted w on w.kind = b.subject_kind and w.id = b.subject_id
     where b.account_id = ${companyId} and ${banActiveSql(companyTodaySql(companyId, at))}
       and (cardinality(b.location_ids) = 0 or b.location_ids && array(select id from covering))
     order by ${banStrengthSql}, b.start_date desc, b.id`);
  return rowsOf<BanTermsRow>(result).map((row) => ({ id: row.id, ...banTerms(row) }));
}
