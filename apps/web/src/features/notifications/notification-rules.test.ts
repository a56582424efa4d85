import type { Notification } from '@blotter/shared/schemas/notifications';
import { describe, expect, it } from 'vitest';
import { offersSubscription, visibleNotifications } from './notification-rules';

const base: Notification = {
  id: '1',
  message: 'm',
  notificationType: 'GENERAL',
  level: 'INFO',
  userDismissAvailable: true,
  dismissed: false,
  userDismissed: false,
};

describe('notification rules', () => {
  it('shows banners dismissed neither by the company nor by the user', () => {
    const list = [
      base,
      { ...base, id: '2', dismissed: true },
      { ...base, id: '3', userDismissed: true },
      { ...base, id: '4', level: 'WARNING' as const },
    ];
    expect(visibleNotifications(list).map((n) => n.id)).toEqual(['1', '4']);
  });

  it('offers the subscription for payment errors and expired trials only', () => {
    expect(offersSubscription({ notificationType: 'PAYMENT_ERROR' })).toBe(true);
    expect(offersSubscription({ notificationType: 'TRIAL_EXPIRED' })).toBe(true);
    expect(offersSubscription({ notificationType: 'ACCOUNT_DISABLED' })).toBe(false);
    expect(offersSubscription({ notificationType: 'GENERAL' })).toBe(false);
  });
});
