// The component tests' setup (jest-dom matchers, the MSW server, cleanup) needs a DOM; the logic
// tests of the same project run in node and need none of it.
if (typeof document !== 'undefined') await import('./setup-dom');

export {};
