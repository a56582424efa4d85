import { vi } from 'vitest';

/**
 * Fakes the clock for a component test. Testing Library waits for a timer of 0 ms after each
 * interaction and advances it itself only when it sees Jest's fake timers (a global `jest`); this
 * lends it Vitest's clock, or every interaction would wait forever. Promises, fetch and MSW stay real.
 */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

export function useRealClock(): void {
  vi.unstubAllGlobals();
  vi.useRealTimers();
}
