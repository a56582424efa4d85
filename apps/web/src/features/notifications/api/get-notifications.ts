import type { Notification } from '@blotter/shared/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session-context';
import { queryKeys } from '../../../lib/query-keys';

/** GET /notifications: the company's banners, with whether the user dismissed each. */
export function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return apiFetch<Notification[]>('/notifications', { signal });
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications.all,
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: 5 * 60_000,
  });

export function useNotifications() {
  const { signedIn } = useSession();
  return useQuery({ ...notificationsQueryOptions(), enabled: signedIn });
}
