/** What the autosave tells the person: each successful save, and whether saving keeps failing. */
export interface AutosaveStatus {
  /** Increases with each successful autosave (the 'Draft saved' chip shows for each). */
  savedCount: number;
  failing: boolean;
  /** The server's message when it refused the data (a 4xx answer), rather than being unreachable. */
  refusal: string | undefined;
}

export interface AutosaveStatusStore {
  getSnapshot: () => AutosaveStatus;
  subscribe: (listener: () => void) => () => void;
  saved: () => void;
  setFailing: (failing: boolean, refusal?: string) => void;
}

/** A tiny external store, so only the status display re-renders when a save ends. */
export function createAutosaveStatusStore(): AutosaveStatusStore {
  let state: AutosaveStatus = { savedCount: 0, failing: false, refusal: undefined };
  const listeners = new Set<() => void>();
  const set = (next: AutosaveStatus) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    saved: () => set({ savedCount: state.savedCount + 1, failing: false, refusal: undefined }),
    setFailing: (failing, refusal) => set({ ...state, failing, refusal: failing ? refusal : undefined }),
  };
}
