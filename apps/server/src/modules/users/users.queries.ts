import type { Investigator } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import { users, workgroups } from '../../db/schema/index';

/** Active users who may investigate incidents (INVESTIGATE_INCIDENT or an admin workgroup), as JSON. */
export const investigatorsJson = sql`(
  select coalesce(json_agg(json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name))
    order by u.first_name, u.last_name, u.id), '[]')
  from ${users} u join ${workgroups} w on w.id = u.user_group_id
  where u.status = 1 and (w.is_admin or 'INVESTIGATE_INCIDENT' = any(w.privileges)))`;

export function listInvestigators(tx: Tx): Promise<Investigator[]> {
  return jsonValue<Investigator[]>(tx, sql`select ${investigatorsJson} as value`);
}

/** Users with a profile picture (storage keys), for avatars shown next to names, as JSON. */
export const avatarsJson = sql`(
  select coalesce(json_agg(json_build_object('userId', id, 'avatarKey', avatar_key) order by id), '[]')
  from ${users} where avatar_key is not null and deleted_at is null)`;
