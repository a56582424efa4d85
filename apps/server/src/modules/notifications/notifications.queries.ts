import type { Notification } from '@blotter/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notificationDismissals, notifications } from '../../db/schema/index';

/** The company's current banners with whether this user dismissed each. */
export async function listNotifications(tx: Tx, userId: string): Promise<Notification[]> {
  const rows = await tx
    .select({
      id: notifications.id,
      message: notifications.message,
      notificationType: notifications.notificationType,
      level: notifications.level,
      userDismissAvailable: notifications.userDismissAvailable,
      dismissed: notifications.dismissed,
      userDismissed: sql<boolean>`${notificationDismissals.userId} is not null`,
    })
    .from(notifications)
    .leftJoin(
      notificationDismissals,
      and(eq(notificationDismissals.notificationId, notifications.id), eq(notificationDismissals.userId, userId)),
    )
    .where(eq(notifications.dismissed, false))
    .orderBy(asc(notifications.createdAt));
  return rows as Notification[];
}
