import { z } from 'zod';

export const NOTIFICATION_TYPES = ['TRIAL_EXPIRED', 'ACCOUNT_DISABLED', 'PAYMENT_ERROR', 'GENERAL'] as const;
export const NOTIFICATION_LEVELS = ['WARNING', 'INFO'] as const;

export const notificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  notificationType: z.enum(NOTIFICATION_TYPES),
  level: z.enum(NOTIFICATION_LEVELS),
  userDismissAvailable: z.boolean(),
  dismissed: z.boolean(),
  userDismissed: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Banners of these types offer 'Go to Subscription' to admins and SUBSCRIPTION_EDIT holders. */
export const SUBSCRIPTION_NOTIFICATION_TYPES: readonly string[] = ['TRIAL_EXPIRED', 'PAYMENT_ERROR'];
