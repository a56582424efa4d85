import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage, isNetworkError, isTokenExpired } from './api-error';
import { toastError } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    /** `silent: true` when the caller reports the failure itself. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Every failed call shows the server's message (spec 1 §8), except while logging out. */
export function reportError(error: unknown, silent: boolean | undefined) {
  if (silent || isTokenExpired(error)) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  // The browser knows it is offline: the offline bar says so once (issue 30), not every failed call.
  if (isNetworkError(error) && typeof navigator !== 'undefined' && !navigator.onLine) return;
  toastError(errorMessage(error));
}

/** Client errors are answers, not glitches: only network and server errors are retried once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta?.silent) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportError(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
