import type { SessionClaims } from '@blotter/shared/schemas/session';
import { describe, expect, it, vi } from 'vitest';
import { watchSessionStatus } from './watch-session-status';

const claims = (status: number) => ({ status }) as SessionClaims;

function fakePage() {
  const listeners = new Set<() => void>();
  let tick: (() => void) | undefined;
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, run: () => void) => listeners.add(run),
    removeEventListener: (_: string, run: () => void) => listeners.delete(run),
  } as unknown as Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> & {
    visibilityState: DocumentVisibilityState;
  };
  const timers = {
    set: (run: () => void) => {
      tick = run;
      return 1;
    },
    clear: () => {
      tick = undefined;
    },
  };
  return {
    doc,
    timers,
    tick: () => tick?.(),
    show: () => {
      for (const run of listeners) run();
    },
    listeners,
  };
}

describe('watchSessionStatus', () => {
  it('reads the status on every tick while shown, at once when shown again, and stops when told', async () => {
    const page = fakePage();
    const read = vi.fn(async () => claims(2));
    const onClaims = vi.fn();
    const stop = watchSessionStatus({ intervalMs: 15_000, read, onClaims, doc: page.doc, timers: page.timers });
    page.tick();
    await vi.waitFor(() => expect(onClaims).toHaveBeenCalledWith(claims(2)));

    page.doc.visibilityState = 'hidden';
    page.tick();
    expect(read).toHaveBeenCalledTimes(1);
    page.doc.visibilityState = 'visible';
    page.show();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));

    stop();
    page.tick();
    expect(read).toHaveBeenCalledTimes(2);
    expect(page.listeners.size).toBe(0);
  });

  it('leaves a failed read to the next tick', async () => {
    const page = fakePage();
    const read = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(claims(1));
    const onClaims = vi.fn();
    watchSessionStatus({ intervalMs: 15_000, read, onClaims, doc: page.doc, timers: page.timers });
    page.tick();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    page.tick();
    await vi.waitFor(() => expect(onClaims).toHaveBeenCalledWith(claims(1)));
  });
});
