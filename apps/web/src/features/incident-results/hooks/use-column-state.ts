import { useCallback, useState } from 'react';
import { type ColumnState, readColumnState, writeColumnState } from '../columns/column-state';

const sessionStore = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);

/**
 * The columns of one list, kept in sessionStorage under `storageKey` (spec 1 §4: the chosen order
 * is kept in the browser session); `fallback` applies until the user chooses.
 */
export function useColumnState(storageKey: string, fallback?: ColumnState) {
  const [entry, setEntry] = useState(() => ({
    key: storageKey,
    state: readColumnState(sessionStore(), storageKey, fallback),
  }));
  // Another list (another key) reads its own choice.
  if (entry.key !== storageKey)
    setEntry({ key: storageKey, state: readColumnState(sessionStore(), storageKey, fallback) });

  const save = useCallback(
    (next: ColumnState) => {
      setEntry({ key: storageKey, state: next });
      writeColumnState(sessionStore(), storageKey, next);
    },
    [storageKey],
  );
  return [entry.state, save] as const;
}
