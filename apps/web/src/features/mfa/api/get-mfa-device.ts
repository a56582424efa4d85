import type { MfaDevice } from '@blotter/shared/schemas/mfa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /mfa/device, with the sign-in's step token or (no token) the signed-in user's. */
export function getMfaDevice(stepToken?: string): Promise<MfaDevice> {
  return apiFetch<MfaDevice>('/mfa/device', { accessToken: stepToken });
}

export const mfaDeviceQuery = (stepToken?: string) =>
  queryOptions({
    queryKey: queryKeys.mfa.device(stepToken ?? 'session'),
    queryFn: () => getMfaDevice(stepToken),
    retry: false,
  });

export function useMfaDevice(stepToken?: string, enabled = true) {
  return useQuery({ ...mfaDeviceQuery(stepToken), enabled });
}
