import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notificationDismissals, notifications } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { AppError, notFound } from '../../plugins/errors';

/** Dismisses a banner for this user; banners that must stay (e.g. payment errors) refuse. */
export async function dismissNotification(tx: Tx, principal: Principal, id: string) {
  const [notification] = await tx.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  if (!notification) throw notFound('Notification');
  if (!notification.userDismissAvailable) {
    throw new AppError('BAD_REQUEST', 'This notification cannot be dismissed.');
  }
  await tx
    .insert(notificationDismissals)
    .values({
      accountId: principal.accountId,
      notificationId: id,
      userId: principal.userId,
    })
    .onConflictDoNothing();
}
