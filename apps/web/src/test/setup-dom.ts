import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

// Finding by role checks every ancestor's computed style to leave out hidden elements, and jsdom
// computes styles slowly under MUI's many style rules (seconds per query on the 2-core CI). The tests
// look only at what is on screen anyway (closed dialogs and menus are unmounted).
configure({ defaultHidden: true });

// Every request a component test makes must be answered by a handler of its own: an unexpected
// call fails the test instead of reaching the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => server.close());
