import type { CompanySettingsValues } from '@blotter/shared/schemas/account-settings';
import type { CompanySettings } from '@blotter/shared/schemas/commons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { uploadWithProgress } from '../../../lib/upload';

/** GET /accounts/settings. */
export function useCompanySettings() {
  return useQuery({
    queryKey: queryKeys.accounts.settings,
    queryFn: ({ signal }) => apiFetch<CompanySettings>('/accounts/settings', { signal }),
  });
}

/** Settings reach the app through initData (date format, logo, auto-logout): both are refreshed. */
function useSettingsMutation<V, R>(fn: (value: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.settings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.commons.initData }),
      ]),
  });
}

export const useSaveCompanySettings = () =>
  useSettingsMutation((body: CompanySettingsValues) =>
    apiFetch<CompanySettings>('/accounts/settings', { method: 'PUT', body }),
  );

/** POST /accounts/logo (multipart). */
export const useUploadLogo = () =>
  useSettingsMutation((file: File) =>
    uploadWithProgress<{ logoImage: string }>('/accounts/logo', { fields: { file } }),
  );

export const useDeleteLogo = () =>
  useSettingsMutation(() => apiFetch<undefined>('/accounts/logo', { method: 'DELETE' }));
