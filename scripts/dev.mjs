// `npm run dev`: the API server with reload on change (tsx watch) and the Vite dev server with hot
// reload in front of it. Open http://localhost:$PORT (default 3000); Vite proxies /api, /oidc and
// /auth-assets to the API server on PORT + 1.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webPort = Number(process.env.PORT ?? 3000);
const apiPort = webPort + 1;
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort), PUBLIC_URL: publicUrl, APP_ENV: process.env.APP_ENV ?? 'local' },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_PORT: String(webPort), API_PORT: String(apiPort) },
  }),
];

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
