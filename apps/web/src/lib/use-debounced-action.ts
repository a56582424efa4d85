import { useCallback, useEffect, useRef } from 'react';

/**
 * The action run `ms` after its last call (spec 3 §9: lookup dialog actions, profile save and password requests 200 ms), so a double
 * click or a held Enter sends one request.
 */
export function useDebouncedAction<A extends unknown[]>(action: (...args: A) => void, ms: number) {
  const latest = useRef(action);
  latest.current = action;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), ms);
    },
    [ms],
  );
}
