import { sql } from 'drizzle-orm';
import type { Tx } from '../../client';
import type { StoryEvent } from './plan';

/**
 * The service functions write every row at the transaction's time, so a history made at seeding
 * would all be dated today. These date what they wrote at the moments the plan gives: history rows
 * (and the dates inside their snapshots) with their audit entries after each phase, then the
 * incidents and the register entries.
 */

/** A history row as it is dated: when it was written, and the snapshot's dates. */
export interface DatedRow {
  incident_id: string;
  action: string;
  at: string;
  creation: string;
  last_update: string;
  close_date: string | null;
}

/** The history action each kind of change writes. */
const ACTIONS: Record<StoryEvent['kind'], string> = {
  create: 'CREATE',
  edit: 'EDIT',
  close: 'CLOSE',
  reopen: 'REOPEN',
  lock: 'LOCK',
};

const iso = (at: number) => new Date(at).toISOString();

/** The moments of an incident's story: created, last changed, closed (while it is closed). */
export interface IncidentDates {
  created: number;
  updated: number;
  closed: number | null;
}

/**
 * The history rows one change writes, with the dates before it: a close on entry writes CREATE a
 * millisecond before CLOSE, as create-closed.ts does.
 */
export function rowsOfChange(
  incidentId: string,
  event: StoryEvent,
  before: IncidentDates,
): { rows: DatedRow[]; after: IncidentDates } {
  const created = event.kind === 'create' ? event.at : before.created;
  const row = (action: string, at: number, closed: number | null, lastUpdate = at): DatedRow => ({
    incident_id: incidentId,
    action,
    at: iso(at),
    creation: iso(created),
    last_update: iso(lastUpdate),
    close_date: closed === null ? null : iso(closed),
  });
  if (event.kind === 'create' && event.closeOnEntry) {
    return {
      rows: [row('CREATE', event.at - 1, null, event.at), row('CLOSE', event.at, event.at)],
      after: { created, updated: event.at, closed: event.at },
    };
  }
  const closed = event.kind === 'close' ? event.at : event.kind === 'reopen' ? null : before.closed;
  return { rows: [row(ACTIONS[event.kind], event.at, closed)], after: { created, updated: event.at, closed } };
}

/**
 * Dates the history rows written in this transaction a moment ago (every dated row lies minutes
 * or more in the past) and their audit entries. Each incident has at most one change per phase,
 * so its fresh rows are told apart by their action; the counts are checked, not assumed.
 */
export async function datePhase(tx: Tx, rows: readonly DatedRow[]): Promise<void> {
  const result = await tx.execute(sql`
    with plan as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as p(incident_id uuid, action text, at text, creation text, last_update text, close_date text)
    ), dated as (
      update incident_history h
         set created_at = p.at::timestamptz,
             snapshot = h.snapshot || jsonb_build_object('creationDate', p.creation, 'lastUpdateDate', p.last_update)
               || case when jsonb_typeof(h.snapshot -> 'close') = 'object'
                    then jsonb_build_object('close', (h.snapshot -> 'close') || jsonb_build_object('closeDate', p.close_date))
                    else '{}'::jsonb end
        from plan p
       where h.incident_id = p.incident_id and h.action_type = p.action and h.created_at > now() - interval '30 seconds'
      returning h.id, p.at::timestamptz as at
    ), audited as (
      -- The application role may not update audit rows: blotter_audit_redate dates this transaction's own.
      select blotter_audit_redate(coalesce(array_agg(a.id), '{}'), coalesce(array_agg(d.at), '{}')) as n
        from audit_entries a join dated d on a.object_history_id = d.id
    )
    select (select count(*) from dated)::int as history, (select n from audited)::int as audit`);
  const [counts] = (result as unknown as { rows: { history: number; audit: number }[] }).rows;
  if (counts?.history !== rows.length || counts.audit !== rows.length) {
    throw new Error(
      `Dated ${counts?.history} history rows and ${counts?.audit} audit entries, expected ${rows.length}`,
    );
  }
}

/** Dates the incidents as their stories end, and each register entry by the incidents that name it. */
export async function dateIncidents(tx: Tx, dates: ReadonlyMap<string, IncidentDates>): Promise<void> {
  const incidents = JSON.stringify(
    [...dates].map(([id, d]) => ({
      id,
      created: iso(d.created),
      updated: iso(d.updated),
      closed: d.closed === null ? null : iso(d.closed),
    })),
  );
  await tx.execute(sql`
    update incidents i
       set created_at = p.created::timestamptz, updated_at = p.updated::timestamptz,
           closed_at = case when i.close is null then null else p.closed::timestamptz end,
           close = case when i.close is null then null else i.close || jsonb_build_object('closeDate', p.closed) end
      from jsonb_to_recordset(${incidents}::jsonb) as p(id uuid, created text, updated text, closed text)
     where i.id = p.id`);
  // A register entry was first recorded with its first incident and last seen on its latest one.
  await tx.execute(sql`
    with seen as (
      select x.person_id, min(i.created_at) as first_at, max(i.created_at) as last_at
        from (select person_id, incident_id from incident_persons
              union all select person_id, incident_id from incident_companies) x
        join incidents i on i.id = x.incident_id
       where x.person_id is not null
       group by x.person_id)
    update parties p set created_at = s.first_at, updated_at = s.last_at, last_seen_at = s.last_at
      from seen s where p.id = s.person_id`);
}
