import { DEFAULT_SIGNED_IN_PATH } from './session-rules';

/**
 * The path kept in navigation state `{ from }` by the protected routes: a location object or a
 * path string; the dashboard when there is none.
 */
export function fromLocation(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return DEFAULT_SIGNED_IN_PATH;
  const from: unknown = state.from;
  if (typeof from === 'string') return from;
  if (typeof from === 'object' && from !== null && 'pathname' in from && typeof from.pathname === 'string') {
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
    return `${from.pathname}${search}${hash}`;
  }
  return DEFAULT_SIGNED_IN_PATH;
}
