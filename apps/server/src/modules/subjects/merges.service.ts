import {
  displayName,
  type LegalEntity,
  MERGE_MESSAGES,
  MERGE_UNDO_DAYS,
  type MergeableKind,
  type MergeBody,
  type Page,
  type PageQuery,
  type Person,
  personName,
  type SubjectKind,
  type SubjectMerge,
  type SubjectParams,
  type UnmergeResult,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { writeAudit, writeReadAudit } from '../audit/audit.service';
import { registerColumnsOf } from '../parties/parties.service';
import { companyCardFrom, PERSON_TYPE, personCardFrom } from '../parties/party-details';
import { registerCardForUser, seesPrivateFields } from '../parties/person-privacy';

/*
 * Merging two register records of the same person or legal entity, and undoing it within
 * MERGE_UNDO_DAYS (issue 31 §3). The merged record's row and the links that moved are kept in
 * subject_merges; an unmerge puts the row back and moves back exactly those links.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** How long a merge can be undone, as an SQL interval. */
const UNDO_WINDOW = sql.raw(`interval '${MERGE_UNDO_DAYS} days'`);
export const iso = (column: SQL) => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const PERSON_TYPE_OF: Record<MergeableKind, number> = {
  person: PERSON_TYPE.PERSON,
  legalEntity: PERSON_TYPE.LEGAL_ENTITY,
};

/** The incident cards that link a kind's records to incidents. */
const CARD_TABLE: Record<MergeableKind, SQL> = {
  person: sql.raw('incident_persons'),
  legalEntity: sql.raw('incident_companies'),
};

/** The cards of a working copy (draft_incidents.data) that name a kind's records. */
const DRAFT_FIELD: Record<MergeableKind, string> = { person: 'persons', legalEntity: 'companies' };

/**
 * Working copies (drafts and open-drafts) whose cards of `kind` name `from` are made to name `to`
 * instead, so that saving one later neither names a record that is gone nor makes it again; only
 * the cards listed in `only` ([draft id, card id] pairs) when given. Answers the cards changed.
 */
async function retargetDrafts(
  tx: Tx,
  accountId: string,
  kind: MergeableKind,
  from: string,
  to: string,
  only: [string, string][] | null,
): Promise<[string, string][]> {
  const field = DRAFT_FIELD[kind];
  const cards = sql`jsonb_array_elements(case when jsonb_typeof(d.data->${field}) = 'array' then d.data->${field} else '[]'::jsonb end)`;
  const listed = only
    ? sql` and exists (select 1 from jsonb_array_elements(${JSON.stringify(only)}::jsonb) o
                       where (o->>0)::uuid = d.id and o->>1 = e->>'id')`
    : sql``;
  const [row] = rowsOf<{ cards: [string, string][] }>(
    await tx.execute(sql`with targets as (
        select d.id as draft_id, e->>'id' as card_id
          from draft_incidents d cross join lateral ${cards} e
         where d.account_id = ${accountId} and e->>'personId' = ${from}${listed}),
      changed as (
        -- A statement of its own in the CTE: it runs whether or not its rows are read.
        update draft_incidents d
           set data = jsonb_set(d.data, array[${field}]::text[], (
                 select jsonb_agg(case when exists (select 1 from targets t where t.draft_id = d.id and t.card_id = e->>'id')
                                       then jsonb_set(e, '{personId}', to_jsonb(${to}::text)) else e end order by n)
                   from jsonb_array_elements(d.data->${field}) with ordinality x(e, n)))
         where d.account_id = ${accountId} and d.id in (select draft_id from targets)
        returning d.id)
      select coalesce(jsonb_agg(jsonb_build_array(draft_id, card_id) order by draft_id, card_id), '[]'::jsonb) as cards
        from targets`),
  );
  return row?.cards ?? [];
}

export function mergeable(kind: SubjectKind): MergeableKind {
  if (kind === 'vehicle') throw badRequest(MERGE_MESSAGES.notMergeable);
  return kind;
}

export interface PartyRow {
  id: string;
  person_type: number;
  is_owner: boolean;
  first_name: string;
  middle_name: string;
  last_name: string;
  alias: string;
  name: string;
  data: Record<string, unknown>;
}

export const nameOf = (row: Pick<PartyRow, 'person_type' | 'first_name' | 'middle_name' | 'last_name' | 'name'>) =>
  row.person_type === PERSON_TYPE.PERSON
    ? personName({ firstName: row.first_name, middleName: row.middle_name, lastName: row.last_name })
    : displayName(row.name);

async function partyRow(tx: Tx, accountId: string, id: string, lock: boolean): Promise<PartyRow | undefined> {
  const [row] = rowsOf<PartyRow>(
    await tx.execute(sql`select id, person_type, is_owner, first_name, middle_name, last_name, alias, name, data
      from parties where id = ${id} and account_id = ${accountId}${lock ? sql` for update` : sql``}`),
  );
  return row;
}

/**
 * The record of :kind/:id as a subject route finds it: a record of the company of that kind (404
 * otherwise, like another company's). The company's own entry is refused with a message when
 * `owner` says so (merging), else it is not found (it is never a subject).
 */
export async function subjectRecord(
  tx: Tx,
  accountId: string,
  kind: MergeableKind,
  id: string,
  { lock = false, owner = 'notFound' }: { lock?: boolean; owner?: 'notFound' | 'refuse' } = {},
): Promise<PartyRow> {
  const row = await partyRow(tx, accountId, id, lock);
  if (!row || row.person_type !== PERSON_TYPE_OF[kind]) throw notFound('Subject');
  if (row.is_owner) throw owner === 'refuse' ? badRequest(MERGE_MESSAGES.owner) : notFound('Subject');
  return row;
}

interface MergeRow {
  id: string;
  kind: MergeableKind;
  kept_id: string;
  merged_id: string;
  merged_party: PartyRow;
  moved: {
    cards: [string, string][];
    bans: string[];
    /** incident_subject_alerts rows re-pointed (absent in merges made before alerts existed). */
    alerts?: string[];
    drafts?: [string, string][];
    /** The kept record's register columns at the merge. */
    kept?: Record<string, unknown> | null;
    /** The kept record's last_seen_at before the merge, when the merge changed it. */
    keptLastSeenAt?: string | null;
  };
  merged_by_name: string;
  merged_at: string;
  undo_until: string;
  undone_at: string | null;
  expired: boolean;
}

const mergeColumns = sql`m.id, m.kind, m.kept_id, m.merged_id, m.merged_party, m.moved, m.merged_by_name,
  ${iso(sql`m.merged_at`)} as merged_at,
  ${iso(sql`m.merged_at + ${UNDO_WINDOW}`)} as undo_until,
  ${iso(sql`m.undone_at`)} as undone_at,
  m.merged_at + ${UNDO_WINDOW} < now() as expired`;

/** A merge as answered: the merged record's card masked for a user without PRIVACY_INFO_VIEW. */
function toMerge(principal: Principal, row: MergeRow): SubjectMerge {
  const party = row.merged_party;
  const base = {
    id: row.id,
    kind: row.kind,
    keptId: row.kept_id,
    mergedId: row.merged_id,
    mergedName: nameOf(party),
    mergedByName: row.merged_by_name,
    mergedAt: row.merged_at,
    undoUntil: row.undo_until,
  };
  if (row.kind === 'legalEntity') {
    const legalEntity = companyCardFrom(row.id, row.merged_id, party.data, { name: party.name, isOwner: false });
    return { ...base, person: null, legalEntity };
  }
  const card = personCardFrom(row.id, row.merged_id, party.data, {
    firstName: party.first_name,
    middleName: party.middle_name,
    lastName: party.last_name,
    alias: party.alias,
  });
  return { ...base, person: registerCardForUser(principal, card), legalEntity: null };
}

async function mergeById(tx: Tx, accountId: string, id: string, lock = false): Promise<MergeRow> {
  const [row] = rowsOf<MergeRow>(
    await tx.execute(sql`select ${mergeColumns} from subject_merges m
      where m.id = ${id} and m.account_id = ${accountId}${lock ? sql` for update` : sql``}`),
  );
  if (!row) throw notFound('Merge');
  return row;
}

/**
 * POST /subjects/:kind/:id/merge: merges body.mergedId into :id. Every incident card naming the
 * merged record (its personId too) and every ban on it move to the kept record; the merged record
 * leaves the register, its row and the moved links kept for an unmerge. Audited (SUBJECT MERGE).
 */
export async function mergeSubjects(
  tx: Tx,
  principal: Principal,
  params: SubjectParams,
  body: MergeBody,
): Promise<SubjectMerge> {
  const kind = mergeable(params.kind);
  const accountId = principal.accountId;
  // Both rows locked in one order, so that two merges of the same pair cannot wait on each other.
  await tx.execute(sql`select id from parties where account_id = ${accountId}
    and id in (${params.id}, ${body.mergedId}) order by id for update`);
  const kept = await subjectRecord(tx, accountId, kind, params.id, { lock: true, owner: 'refuse' });
  if (body.mergedId.toLowerCase() === kept.id.toLowerCase()) throw badRequest(MERGE_MESSAGES.self);
  const merged = await partyRow(tx, accountId, body.mergedId, true);
  if (!merged) throw notFound('Subject');
  if (merged.person_type !== kept.person_type) throw badRequest(MERGE_MESSAGES.otherKind);
  if (merged.is_owner) throw badRequest(MERGE_MESSAGES.owner);

  const table = CARD_TABLE[kind];
  const [cards] = rowsOf<{ cards: [string, string][] }>(
    await tx.execute(sql`with moved as (
        update ${table} set person_id = ${kept.id}, data = jsonb_set(data, '{personId}', to_jsonb(${kept.id}::text))
         where account_id = ${accountId} and person_id = ${merged.id}
        returning incident_id, id)
      select coalesce(jsonb_agg(jsonb_build_array(incident_id, id) order by incident_id, id), '[]'::jsonb) as cards
        from moved`),
  );
  const [bans] = rowsOf<{ bans: string[] }>(
    await tx.execute(sql`with moved as (
        update subject_bans set subject_id = ${kept.id}, updated_at = now()
         where account_id = ${accountId} and subject_kind = ${kind} and subject_id = ${merged.id}
        returning id)
      select coalesce(jsonb_agg(id order by id), '[]'::jsonb) as bans from moved`),
  );
  // The incidents' alerts of the merged record (issue 31 §5) follow its cards: an incident saved
  // again then finds its alerts as before and sends no new email.
  const [alerts] = rowsOf<{ alerts: string[] }>(
    await tx.execute(sql`with moved as (
        update incident_subject_alerts set subject_id = ${kept.id}
         where account_id = ${accountId} and subject_kind = ${kind} and subject_id = ${merged.id}
        returning id)
      select coalesce(jsonb_agg(id order by id), '[]'::jsonb) as alerts from moved`),
  );
  const drafts = await retargetDrafts(tx, accountId, kind, merged.id, kept.id, null);
  // The kept record is last seen when either was (the duplicate check orders and shows by it); its
  // own time is kept for an unmerge.
  const [seen] = rowsOf<{ before: string | null; changed: boolean }>(
    await tx.execute(sql`with old as (select last_seen_at from parties where id = ${kept.id} and account_id = ${accountId}),
      changed as (
        update parties k set last_seen_at = m.last_seen_at
          from parties m
         where k.id = ${kept.id} and k.account_id = ${accountId} and m.id = ${merged.id} and m.account_id = ${accountId}
           and m.last_seen_at > coalesce(k.last_seen_at, '-infinity'::timestamptz)
        returning k.id)
      select (select to_jsonb(last_seen_at) from old) as before, exists (select 1 from changed) as changed`),
  );
  // The kept record's details as they are: an incident of the merged record saved before an
  // unmerge writes its card into the kept record, which the unmerge then puts back.
  const [keptDetails] = rowsOf<{ columns: Record<string, unknown> }>(
    await tx.execute(sql`select jsonb_build_object('first_name', first_name, 'middle_name', middle_name,
        'last_name', last_name, 'alias', alias, 'name', name, 'search_name', search_name, 'is_employee', is_employee,
        'data', data) as columns
      from parties where id = ${kept.id} and account_id = ${accountId}`),
  );
  const moved = {
    kept: keptDetails?.columns ?? null,
    cards: cards?.cards ?? [],
    bans: bans?.bans ?? [],
    alerts: alerts?.alerts ?? [],
    drafts,
    ...(seen?.changed ? { keptLastSeenAt: seen.before } : {}),
  };
  const [created] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into subject_merges (account_id, kind, kept_id, merged_id, merged_party, moved,
        merged_by, merged_by_name)
      select ${accountId}, ${kind}, ${kept.id}, p.id, to_jsonb(p), ${JSON.stringify(moved)}::jsonb,
        ${principal.userId}, ${principal.name}
        from parties p where p.id = ${merged.id} and p.account_id = ${accountId}
      returning id`),
  );
  if (!created) throw new Error('Insert returned no row');
  await tx.execute(sql`delete from parties where id = ${merged.id} and account_id = ${accountId}`);
  await writeAudit(tx, principal, {
    objectType: 'SUBJECT',
    transactionType: 'MERGE',
    objectName: `${nameOf(merged)} into ${nameOf(kept)}`,
    objectId: kept.id,
    objectData: {
      mergeId: created.id,
      kind,
      keptId: kept.id,
      mergedId: merged.id,
      movedCards: moved.cards.length,
      movedIncidents: new Set(moved.cards.map(([incidentId]) => incidentId)).size,
      movedBans: moved.bans.length,
      movedDraftCards: drafts.length,
    },
  });
  return toMerge(principal, await mergeById(tx, accountId, created.id));
}

/**
 * Unmerging: when the kept record has changed since the merge (an incident saved writes its card
 * into the record it names, moved cards included), its details become those of the latest incident
 * saved since that still names it, else those it had at the merge. Run once the cards have moved back.
 */
async function restoreKeptDetails(tx: Tx, accountId: string, merge: MergeRow) {
  if (!merge.moved.kept) return;
  const since = sql`(select merged_at from subject_merges where id = ${merge.id} and account_id = ${accountId})`;
  const [latest] = rowsOf<{ card: Person | LegalEntity }>(
    await tx.execute(sql`select c.data as card from ${CARD_TABLE[merge.kind]} c
        join incidents i on i.account_id = c.account_id and i.id = c.incident_id
       where c.account_id = ${accountId} and c.person_id = ${merge.kept_id} and i.updated_at > ${since}
       order by i.updated_at desc, c.position limit 1`),
  );
  const columns = latest ? registerColumnsOf(PERSON_TYPE_OF[merge.kind], latest.card) : merge.moved.kept;
  await tx.execute(sql`update parties p
       set first_name = r.first_name, middle_name = r.middle_name, last_name = r.last_name, alias = r.alias,
           name = r.name, search_name = r.search_name, is_employee = r.is_employee, data = r.data
      from jsonb_to_record(${JSON.stringify(columns)}::jsonb)
           as r(first_name text, middle_name text, last_name text, alias text, name text, search_name text,
                is_employee boolean, data jsonb)
     where p.id = ${merge.kept_id} and p.account_id = ${accountId} and p.updated_at > ${since}`);
}

/**
 * POST /subjects/merges/:id/undo: within MERGE_UNDO_DAYS, puts the merged record back as it was
 * and moves back the links that moved (those still on the kept record). Audited (SUBJECT UNMERGE).
 */
export async function unmergeSubjects(tx: Tx, principal: Principal, id: string): Promise<UnmergeResult> {
  const accountId = principal.accountId;
  const merge = await mergeById(tx, accountId, id, true);
  if (merge.undone_at) throw badRequest(MERGE_MESSAGES.undone);
  if (merge.expired) throw badRequest(MERGE_MESSAGES.tooLate);
  const kept = await partyRow(tx, accountId, merge.kept_id, true);
  if (!kept) throw badRequest(MERGE_MESSAGES.keptGone);

  await tx.execute(sql`insert into parties
    select * from jsonb_populate_record(null::parties, (select merged_party from subject_merges
      where id = ${merge.id} and account_id = ${accountId}))`);
  const [cards] = rowsOf<{ n: number }>(
    await tx.execute(sql`with moved as (
        update ${CARD_TABLE[merge.kind]} c
           set person_id = ${merge.merged_id}, data = jsonb_set(c.data, '{personId}', to_jsonb(${merge.merged_id}::text))
          from jsonb_array_elements(${JSON.stringify(merge.moved.cards)}::jsonb) e
         where c.account_id = ${accountId} and c.person_id = ${merge.kept_id}
           and c.incident_id = (e->>0)::uuid and c.id = (e->>1)::uuid
        returning c.id)
      select count(*)::int as n from moved`),
  );
  const [bans] = rowsOf<{ n: number }>(
    await tx.execute(sql`with moved as (
        update subject_bans set subject_id = ${merge.merged_id}, updated_at = now()
         where account_id = ${accountId} and subject_kind = ${merge.kind} and subject_id = ${merge.kept_id}
           and id in (select (jsonb_array_elements_text(${JSON.stringify(merge.moved.bans)}::jsonb))::uuid)
        returning id)
      select count(*)::int as n from moved`),
  );
  await tx.execute(sql`update incident_subject_alerts set subject_id = ${merge.merged_id}
     where account_id = ${accountId} and subject_kind = ${merge.kind} and subject_id = ${merge.kept_id}
       and id in (select (jsonb_array_elements_text(${JSON.stringify(merge.moved.alerts ?? [])}::jsonb))::uuid)`);
  const drafts = await retargetDrafts(
    tx,
    accountId,
    merge.kind,
    merge.kept_id,
    merge.merged_id,
    merge.moved.drafts ?? [],
  );
  await restoreKeptDetails(tx, accountId, merge);
  if ('keptLastSeenAt' in merge.moved) {
    // The kept record's own last seen time, unless it has been seen again since the merge.
    await tx.execute(sql`update parties k
         set last_seen_at = (${JSON.stringify(merge.moved.keptLastSeenAt ?? null)}::jsonb #>> '{}')::timestamptz
        from subject_merges m
       where k.id = ${merge.kept_id} and k.account_id = ${accountId} and m.id = ${merge.id} and m.account_id = ${accountId}
         and k.last_seen_at = (m.merged_party->>'last_seen_at')::timestamptz`);
  }
  await tx.execute(sql`update subject_merges set undone_at = now(), undone_by = ${principal.userId}
    where id = ${merge.id} and account_id = ${accountId}`);
  const mergedName = nameOf(merge.merged_party);
  await writeAudit(tx, principal, {
    objectType: 'SUBJECT',
    transactionType: 'UNMERGE',
    objectName: `${mergedName} out of ${nameOf(kept)}`,
    objectId: merge.merged_id,
    objectData: {
      mergeId: merge.id,
      kind: merge.kind,
      keptId: merge.kept_id,
      mergedId: merge.merged_id,
      restoredCards: cards?.n ?? 0,
      restoredBans: bans?.n ?? 0,
      restoredDraftCards: drafts.length,
    },
  });
  return { kind: merge.kind, id: merge.merged_id, displayName: mergedName };
}

/**
 * GET /subjects/:kind/:id/merges: the merges into the record that can still be undone, newest
 * first. A person's card unmasked for a user with PRIVACY_INFO_VIEW is audited (SUBJECT READ_PRIVATE).
 */
export async function listMerges(
  tx: Tx,
  principal: Principal,
  params: SubjectParams,
  page: PageQuery,
): Promise<Page<SubjectMerge>> {
  const kind = mergeable(params.kind);
  const accountId = principal.accountId;
  const kept = await subjectRecord(tx, accountId, kind, params.id);
  const where = sql`m.account_id = ${accountId} and m.kept_id = ${kept.id} and m.undone_at is null
    and m.merged_at > now() - ${UNDO_WINDOW}`;
  const rows = rowsOf<MergeRow>(
    await tx.execute(sql`select ${mergeColumns} from subject_merges m where ${where}
      order by m.merged_at desc, m.id limit ${page.psz} offset ${page.p * page.psz}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from subject_merges m where ${where}`),
  );
  if (kind === 'person' && rows.length > 0 && seesPrivateFields(principal)) {
    await writeReadAudit(tx, principal, {
      objectType: 'SUBJECT',
      transactionType: 'READ_PRIVATE',
      objectName: nameOf(kept),
      objectId: kept.id,
      objectData: { kind, merges: rows.map((row) => row.id) },
    });
  }
  return {
    items: rows.map((row) => toMerge(principal, row)),
    total: count?.n ?? 0,
    page: page.p,
    pageSize: page.psz,
  };
}
