import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { afterUserChange } from './save-user';

export type UserAction = 'deactivate' | 'activate' | 'delete';

/** PUT /users/deactivate/{id}, PUT /users/activate/{id} or DELETE /users/{id}. */
export function runUserAction({ action, id }: { action: UserAction; id: string }): Promise<void> {
  const user = encodeURIComponent(id);
  if (action === 'delete') return apiFetch<void>(`/users/${user}`, { method: 'DELETE' });
  return apiFetch<void>(`/users/${action}/${user}`, { method: 'PUT' });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runUserAction, onSuccess: () => afterUserChange(queryClient) });
}

/** POST /users/emailVerification: sends a pending user a new verification link. */
export function sendUserEmailVerification(userId: string): Promise<void> {
  return apiFetch<void>('/users/emailVerification', { method: 'POST', body: { userId } });
}

export function useSendUserEmailVerification() {
  return useMutation({ mutationFn: sendUserEmailVerification });
}
