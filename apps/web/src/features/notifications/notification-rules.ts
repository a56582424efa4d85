import { type Notification, SUBSCRIPTION_NOTIFICATION_TYPES } from '@blotter/shared/schemas/notifications';

/** Banners still to show: neither dismissed by the company nor by the user. */
export function visibleNotifications(notifications: readonly Notification[]): Notification[] {
  return notifications.filter((n) => !n.dismissed && !n.userDismissed);
}

/** True for payment-error and trial-expired banners. */
export function offersSubscription(notification: Pick<Notification, 'notificationType'>): boolean {
  return SUBSCRIPTION_NOTIFICATION_TYPES.includes(notification.notificationType);
}
