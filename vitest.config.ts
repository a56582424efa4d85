import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time (Vitest's default on two cores is one): on PGlite every file has its
    // own database. On PostgreSQL (DATABASE_URL) the files share one database, whose trial, renewal
    // and audit-sealing jobs act on every company, so one file runs at a time there.
    maxWorkers: process.env.DATABASE_URL ? 1 : 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // Workers are reused across files so PGlite's WebAssembly is compiled once per worker;
          // every file still builds its own app on its own database.
          isolate: false,
          // Each file builds the real app on its own in-memory database.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          // Logic tests (*.test.ts) run in node; component tests (*.test.tsx) declare jsdom in their
          // first line (`// @vitest-environment jsdom`): Vitest 4 has no per-glob environment
          // (environmentMatchGlobs is gone), and one project keeps `--project web` running both.
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          // Registers jest-dom's matchers and the MSW server in jsdom files only (a no-op in node).
          setupFiles: ['./src/test/setup.ts'],
          // A component test clicks through MUI in jsdom: about a second of CPU per test, but tens of
          // seconds when six test runs share two cores (20 s timed out there).
          testTimeout: 60_000,
        },
      },
    ],
  },
});
