import type { Notification } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import { notificationDismissals, notifications } from '../../db/schema/index';

/** The company's current banners with whether this user dismissed each, as one JSON array. */
export const notificationsJson = (userId: string) => sql`(
  select coalesce(json_agg(json_build_object(
      'id', n.id, 'message', n.message, 'notificationType', n.notification_type, 'level', n.level,
      'userDismissAvailable', n.user_dismiss_available, 'dismissed', n.dismissed,
      'userDismissed', d.user_id is not null)
    order by n.created_at), '[]')
  from ${notifications} n
  left join ${notificationDismissals} d on d.notification_id = n.id and d.user_id = ${userId}
  where not n.dismissed)`;

export function listNotifications(tx: Tx, userId: string): Promise<Notification[]> {
  return jsonValue<Notification[]>(tx, sql`select ${notificationsJson(userId)} as value`);
}
