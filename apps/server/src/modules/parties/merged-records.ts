import { type LegalEntity, type Person, UUID_PATTERN } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A form opened before a merge (a working copy being typed in a browser, an incident recorded
 * offline on a phone) still names the record merged away, which has left the register: each card
 * naming a record merged (and not unmerged) names the record it was merged into instead, following
 * later merges of that one, so that the save neither fails nor makes the duplicate again. One query,
 * none for a form that names no register record.
 */
export async function followMerges<T extends { persons: Person[]; companies: LegalEntity[] }>(
  tx: Tx,
  accountId: string,
  fields: T,
): Promise<T> {
  const named = [
    ...new Set(
      [...fields.persons, ...fields.companies].flatMap((card) =>
        card.personId && UUID_PATTERN.test(card.personId) ? [card.personId.toLowerCase()] : [],
      ),
    ),
  ];
  if (named.length === 0) return fields;
  const rows = rowsOf<{ merged_id: string; kept_id: string }>(
    await tx.execute(sql`with recursive chain(merged_id, kept_id, depth) as (
        select m.merged_id, m.kept_id, 1 from subject_merges m
         where m.account_id = ${accountId} and m.undone_at is null
           and m.merged_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(named)}::jsonb))
        union all
        select c.merged_id, m.kept_id, c.depth + 1 from chain c
          join subject_merges m on m.account_id = ${accountId} and m.undone_at is null and m.merged_id = c.kept_id
         where c.depth < 100)
      select distinct on (merged_id) merged_id, kept_id from chain order by merged_id, depth desc`),
  );
  if (rows.length === 0) return fields;
  const keptOf = new Map(rows.map((row) => [row.merged_id, row.kept_id]));
  const follow = <C extends { personId: string | null }>(card: C): C => {
    const kept = card.personId ? keptOf.get(card.personId.toLowerCase()) : undefined;
    return kept ? { ...card, personId: kept } : card;
  };
  return { ...fields, persons: fields.persons.map(follow), companies: fields.companies.map(follow) };
}
