/** Pending edits that a field holds back (debounced) and must hand to the form on demand. */
export interface FlushRegistry {
  /** Adds a flush function; the returned function removes it again. */
  register: (flush: () => void) => () => void;
  /** Runs every registered flush, so the form's values are complete (before submit or a save). */
  flushAll: () => void;
}

export function createFlushRegistry(): FlushRegistry {
  const flushes = new Set<() => void>();
  return {
    register(flush) {
      flushes.add(flush);
      return () => {
        flushes.delete(flush);
      };
    },
    flushAll() {
      for (const flush of [...flushes]) flush();
    },
  };
}
