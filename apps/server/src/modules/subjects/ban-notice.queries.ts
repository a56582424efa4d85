import type { BanStatus } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jsonValue } from '../../db/json';
import { type BanTermsRow, banStatusSql, banTermsColumns, companyTodaySql } from './subject-sql';

/** A ban as its printed notice needs it, with the company's settings and the locations' paths. */
export interface BanNoticeData {
  ban: BanTermsRow & {
    status: BanStatus;
    issued_by_name: string;
    /** The day it was recorded, in the company's time zone (yyyy-mm-dd). */
    issued_on: string;
    /** The day it was revoked, in the company's time zone, if it was. */
    revoked_on: string | null;
  };
  account: {
    companyName: string;
    /** Storage key of the company logo, if any. */
    logoImage: string | null;
    dateFormat: number;
  };
  /** The path of each location the ban names ('North Mall / Entrance'), in the ban's order. */
  locations: string[];
}

/**
 * The ban `id` of the company with its status on the company's today, the company's name, logo
 * and date format, and the paths of the ban's locations in the location tree, in one statement;
 * null when the company has no such ban.
 */
export async function loadBanNotice(tx: Executor, accountId: string, id: string): Promise<BanNoticeData | null> {
  const data = await jsonValue<BanNoticeData | null>(
    tx,
    sql`with recursive
      ban as (
        select ${banTermsColumns}, ${banStatusSql(companyTodaySql(accountId))} as status, b.issued_by_name,
               (b.created_at at time zone a.time_zone)::date::text as issued_on,
               (b.revoked_at at time zone a.time_zone)::date::text as revoked_on
          from subject_bans b join accounts a on a.id = b.account_id
         where b.id = ${id} and b.account_id = ${accountId}),
      path(ord, id, parent_id, name, depth) as (
        select u.ord, l.id, l.parent_id, l.name, 0
          from ban, unnest(ban.location_ids::uuid[]) with ordinality as u(id, ord)
          join lookups l on l.id = u.id and l.account_id = ${accountId} and l.type = 'location'
        union all
        select p.ord, l.id, l.parent_id, l.name, p.depth + 1
          from path p join lookups l on l.id = p.parent_id and l.account_id = ${accountId}
         where p.depth < 20),
      paths as (
        select ord, string_agg(trim(name), ' / ' order by depth desc) as text from path group by ord)
    select case when exists (select 1 from ban) then json_build_object(
        'ban', (select row_to_json(ban) from ban),
        'account', (select json_build_object('companyName', company_name, 'logoImage', logo_image,
                      'dateFormat', date_format) from accounts where id = ${accountId}),
        'locations', (select coalesce(json_agg(text order by ord), '[]') from paths)) end as value`,
  );
  if (data && !data.account) throw new Error('The company of a signed-in user has no account row');
  return data;
}
