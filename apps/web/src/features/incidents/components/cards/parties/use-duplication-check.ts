import { DEBOUNCE } from '@blotter/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PartyMatch } from './party-match';

interface DuplicationCheckOptions<Q> {
  /** What to check, or null when the card needs no check (checked, existing record, no name). */
  query: Q | null;
  check: (query: Q, signal: AbortSignal) => Promise<PartyMatch[]>;
  /** No matches: the card is marked checked. */
  onNoMatches: () => void;
}

/**
 * Spec 1 §4: the duplication check of a person or legal-entity card. It runs 1000 ms after the
 * name stops changing (or at once with checkNow); matches are listed until the name changes again;
 * a failed check is ignored silently.
 */
export function useDuplicationCheck<Q>({ query, check, onNoMatches }: DuplicationCheckOptions<Q>) {
  const key = query === null ? null : JSON.stringify(query);
  const [result, setResult] = useState<{ key: string; matches: PartyMatch[] } | null>(null);
  const latest = useRef({ query, key, check, onNoMatches });
  latest.current = { query, key, check, onNoMatches };
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(async () => {
    const { query: current, key: currentKey, check: runCheck } = latest.current;
    if (current === null || currentKey === null) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    try {
      const matches = await runCheck(current, abort.signal);
      // The name changed while the check ran: its answer is about another name.
      if (abort.signal.aborted || latest.current.key !== currentKey) return;
      if (matches.length === 0) latest.current.onNoMatches();
      else setResult({ key: currentKey, matches });
    } catch {
      // Spec 1 §8: a failed duplication check is ignored silently.
    }
  }, []);

  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => void run(), DEBOUNCE.duplicationCheckMs);
    return () => {
      clearTimeout(timer);
      controller.current?.abort();
    };
  }, [key, run]);

  return {
    /** Matches of the current name (none once the name changed or the list was dismissed). */
    matches: result !== null && result.key === key ? result.matches : [],
    checkNow: run,
    dismiss: () => setResult(null),
  };
}
