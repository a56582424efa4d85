import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /users/requestChangePassword: the server emails the signed-in user a reset link. */
export const requestChangePassword = () => apiFetch<undefined>('/users/requestChangePassword');

export const useRequestChangePassword = () => useMutation({ mutationFn: requestChangePassword });
