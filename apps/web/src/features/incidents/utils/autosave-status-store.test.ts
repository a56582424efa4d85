import { describe, expect, it } from 'vitest';
import { createAutosaveStatusStore } from './autosave-status-store';

describe('createAutosaveStatusStore', () => {
  it('counts saves, reports failing, and a save ends the failing state', () => {
    const store = createAutosaveStatusStore();
    let notified = 0;
    store.subscribe(() => {
      notified += 1;
    });
    store.saved();
    expect(store.getSnapshot()).toEqual({ savedCount: 1, failing: false, refusal: undefined });
    store.setFailing(true, 'Unit must be at most 20 characters.');
    expect(store.getSnapshot().failing).toBe(true);
    expect(store.getSnapshot().refusal).toBe('Unit must be at most 20 characters.');
    store.saved();
    expect(store.getSnapshot()).toEqual({ savedCount: 2, failing: false, refusal: undefined });
    expect(notified).toBe(3);
  });
});
