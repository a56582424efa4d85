import type { Profile, ProfileUpdate } from '@blotter/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /users/profile: the payload is the profile; the server changes the names only. */
export const saveProfile = (body: ProfileUpdate) => apiFetch<Profile>('/users/profile', { method: 'PUT', body });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.users.profile, profile),
  });
}
