import { setupServer } from 'msw/node';

/** The one MSW server of the component tests; each test adds its handlers with `server.use`. */
export const server = setupServer();

/** The address of an API path as the app calls it (`/api/...` on the page's origin). */
export const api = (path: string) => new URL(`/api${path}`, window.location.origin).href;
