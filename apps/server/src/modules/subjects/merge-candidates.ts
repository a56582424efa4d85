import type { DuplicateQuery, MergeableKind, MergeCandidate, Page, SubjectParams } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { writeReadAudit } from '../audit/audit.service';
import { searchText } from '../parties/party-details';
import { seesPrivateFields } from '../parties/person-privacy';
import { iso, mergeable, nameOf, type PartyRow, PERSON_TYPE_OF, subjectRecord } from './merges.service';
import { escapeLike, incidentDateSql, nameWordsSql, visibleSubjectIncidentsSql } from './subject-sql';

/*
 * The records a subject could be merged with (issue 31 §3): its likely duplicates, or the register
 * searched by name, for the 'Merge duplicates' dialog.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface CandidateRow extends PartyRow {
  reason: MergeCandidate['reason'];
  incident_count: number;
  last_seen: string | null;
}

const text = (data: Record<string, unknown> | null, key: string) =>
  typeof data?.[key] === 'string' ? (data[key] as string) : '';
const placeOf = (data: Record<string, unknown>) =>
  [text(data, 'cityName'), text(data, 'stateName')].filter(Boolean).join(', ');

/**
 * The condition and reason of the candidates: without q, the likely duplicates (a person of the
 * same first, middle and last name whatever the alias, or, for a user with PRIVACY_INFO_VIEW, of
 * the same last name and date of birth; a legal entity of the same name), each from an index of
 * parties; with q, the records whose name holds every word typed.
 */
function candidateFilter(principal: Principal, kind: MergeableKind, kept: PartyRow, q: string) {
  if (q) return { where: sql`true${nameWordsSql(q)}`, reason: sql`'search'` };
  if (kind === 'legalEntity') {
    return { where: sql`p.search_name = ${searchText(kept.name)}`, reason: sql`'name'` };
  }
  const names = searchText(kept.first_name, kept.middle_name, kept.last_name);
  const sameName = sql`(p.search_name = ${names} or p.search_name like ${`${escapeLike(names)} %`})`;
  const lastName = sql`lower(p.last_name) = lower(${kept.last_name})`;
  const birth = text(kept.data, 'dateOfBirth');
  if (!names) return { where: sql`false`, reason: sql`'name'` };
  if (!birth || !seesPrivateFields(principal)) {
    return { where: sql`${sameName} and ${lastName}`, reason: sql`'name'` };
  }
  const sameBirth = sql`(p.data->>'dateOfBirth' <> '' and p.data->>'dateOfBirth' = ${birth})`;
  return {
    where: sql`(${sameName} or ${sameBirth}) and ${lastName}`,
    reason: sql`case when ${sameName} then 'name' else 'dateOfBirth' end`,
  };
}

/**
 * GET /subjects/:kind/:id/duplicates: a page of the records :id could be merged with (see
 * candidateFilter), likely duplicates by name first, then the most recently seen. A person's date
 * of birth and place are blanked without PRIVACY_INFO_VIEW; shown, they are audited (SUBJECT
 * READ_PRIVATE).
 */
export async function mergeCandidates(
  tx: Tx,
  principal: Principal,
  params: SubjectParams,
  query: DuplicateQuery,
): Promise<Page<MergeCandidate>> {
  const kind = mergeable(params.kind);
  const accountId = principal.accountId;
  const kept = await subjectRecord(tx, accountId, kind, params.id);
  const filter = candidateFilter(principal, kind, kept, query.q);
  const from = sql`parties p where p.account_id = ${accountId} and p.person_type = ${PERSON_TYPE_OF[kind]}
    and not p.is_owner and p.id <> ${kept.id} and ${filter.where}`;
  const incidentsOf = visibleSubjectIncidentsSql(principal, kind, sql`p.id`, sql`null::text`);
  const rows = rowsOf<CandidateRow>(
    await tx.execute(sql`select p.id, p.person_type, p.is_owner, p.first_name, p.middle_name, p.last_name, p.alias,
        p.name, p.data, p.reason, n.incident_count, n.last_seen
      from (select p.*, ${filter.reason} as reason from ${from}
             order by ${filter.reason} = 'dateOfBirth', p.last_seen_at desc nulls last, p.search_name, p.id
             limit ${query.psz} offset ${query.p * query.psz}) p
      cross join lateral (select count(distinct i.id)::int as incident_count,
          ${iso(sql`max(${incidentDateSql})`)} as last_seen from ${incidentsOf}) n
      order by p.reason = 'dateOfBirth', p.last_seen_at desc nulls last, p.search_name, p.id`),
  );
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${from}`));
  const sees = seesPrivateFields(principal);
  const items = rows.map((row): MergeCandidate => {
    const base = {
      kind,
      id: row.id,
      displayName: nameOf(row),
      incidentCount: row.incident_count,
      lastSeenDate: row.last_seen,
      reason: row.reason,
    };
    if (kind === 'legalEntity') {
      return { ...base, detail: text(row.data, 'contact'), dateOfBirth: '', place: placeOf(row.data) };
    }
    if (!sees) return { ...base, detail: row.alias, dateOfBirth: '', place: '', privateHidden: true };
    return { ...base, detail: row.alias, dateOfBirth: text(row.data, 'dateOfBirth'), place: placeOf(row.data) };
  });
  if (kind === 'person' && sees && items.length > 0) {
    await writeReadAudit(tx, principal, {
      objectType: 'SUBJECT',
      transactionType: 'READ_PRIVATE',
      objectName: nameOf(kept),
      objectId: kept.id,
      objectData: { kind, candidates: items.map((item) => item.id) },
    });
  }
  return { items, total: count?.n ?? 0, page: query.p, pageSize: query.psz };
}
