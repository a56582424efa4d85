import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Walker } from './privacy-walker';

/**
 * The walk's steps of merging (issue 31 §3; privacy-walk-steps.ts places them in WALK): a second
 * register record of the marked person (a copy of its row, every private field marked), offered
 * as a likely duplicate and by name, merged into the person, listed on it and unmerged. A user
 * without PRIVACY_INFO_VIEW must see none of the copy's private fields in any of these answers.
 */

type Step = [string, (w: Walker) => Promise<unknown>];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const MERGE_STEPS: Step[] = [
  [
    'GET /subjects/:kind/:id/duplicates',
    async (w) => {
      const [copy] = await w.t.database.system(async (tx) =>
        rowsOf<{ id: string }>(
          await tx.execute(sql`insert into parties (account_id, person_type, first_name, middle_name, last_name, alias,
              search_name, data)
            select account_id, person_type, first_name, middle_name, last_name, alias, search_name, data
              from parties where id = ${w.seed.registerId}
            returning id`),
        ),
      );
      w.state.mergeCopy = copy?.id ?? '';
      const duplicates = await w.json<{ items: { id: string }[] }>('GET /subjects/:kind/:id/duplicates', {
        url: `/subjects/person/${w.seed.registerId}/duplicates`,
      });
      expect(duplicates.items.map((item) => item.id)).toContain(w.state.mergeCopy);
      await w.json('GET /subjects/:kind/:id/duplicates', {
        url: `/subjects/person/${w.seed.registerId}/duplicates?q=walker`,
      });
      await w.json('GET /subjects/:kind/:id/duplicates', {
        url: `/subjects/legalEntity/${w.seed.companyId}/duplicates`,
      });
    },
  ],
  [
    'POST /subjects/:kind/:id/merge',
    async (w) => {
      const merge = await w.json<{ id: string }>('POST /subjects/:kind/:id/merge', {
        url: `/subjects/person/${w.seed.registerId}/merge`,
        payload: { mergedId: w.state.mergeCopy },
      });
      w.state.merge = merge.id;
    },
  ],
  [
    'GET /subjects/:kind/:id/merges',
    (w) => w.json('GET /subjects/:kind/:id/merges', { url: `/subjects/person/${w.seed.registerId}/merges` }),
  ],
  [
    'POST /subjects/merges/:id/undo',
    (w) => w.json('POST /subjects/merges/:id/undo', { url: `/subjects/merges/${w.state.merge}/undo` }),
  ],
];
