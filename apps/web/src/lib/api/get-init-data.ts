import type { InitData } from '@blotter/shared/schemas/commons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { useSession } from '../auth/session-context';
import { storeAutoLogoutSeconds } from '../auth/session-store';
import { queryKeys } from '../query-keys';

/** GET /commons/initData: reference lists, lookups, settings and limits, loaded once per sign-in. */
export async function getInitData(signal?: AbortSignal): Promise<InitData> {
  const data = await apiFetch<InitData>('/commons/initData', { signal });
  // Spec 1 §4: the auto-logout time is kept in the session.
  storeAutoLogoutSeconds(data.companySettings.autoLogoutTime);
  return data;
}

export const initDataQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.commons.initData,
    queryFn: ({ signal }) => getInitData(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** The initial data of the signed-in user's company (loaded only while signed in). */
export function useInitData() {
  const { signedIn, offline } = useSession();
  // Offline (issue 30) the offline form puts the phone's copy in the cache instead.
  return useQuery({ ...initDataQueryOptions(), enabled: signedIn && !offline });
}
