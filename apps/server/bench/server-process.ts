import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/test-app';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * What `npm start` runs (package.json's start script: node with its V8 flags, see
 * docs/operations.md § Memory), run without npm for 'node scripts/start.mjs', so the bench measures
 * the server with the same flags.
 */
const START_COMMAND: string[] = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start.split(
  ' ',
);

export const tempDataDir = () => mkdtemp(path.join(os.tmpdir(), 'blotter-bench-'));

export interface RunningServer {
  url: string;
  /** Milliseconds from spawning `npm start` to the first 200 on /api/health. */
  readyMs: number;
  /** The process id of the server (of npm for `npm start`). */
  pid: number;
  /** SIGTERM, then the exit code (0 means a clean shutdown; null when npm died of the signal). */
  stop(): Promise<number | null>;
}

/** Starts the product the way a user does (`npm start`, which runs scripts/start.mjs) and waits for /api/health. */
export async function startServer(
  dataDir: string,
  options: {
    command?: 'npm start' | 'node scripts/start.mjs';
    timeoutMs?: number;
    /** More environment for the server, e.g. DATABASE_URL (by default it runs on PGlite in dataDir). */
    env?: Record<string, string>;
  } = {},
): Promise<RunningServer> {
  const { command = 'npm start', timeoutMs = 120_000 } = options;
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const started = performance.now();
  const [program, ...args] = command === 'npm start' ? ['npm', 'start', '--silent'] : START_COMMAND;
  const child: ChildProcess = spawn(program ?? 'npm', args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (performance.now() - started > timeoutMs) throw new Error('the server did not become healthy in time');
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    readyMs,
    pid: child.pid ?? 0,
    async stop() {
      // npm itself dies of the signal, so a clean exit code is only seen when the server is run directly.
      if (child.pid) process.kill(command === 'npm start' ? -child.pid : child.pid, 'SIGTERM');
      return exited;
    },
  };
}
