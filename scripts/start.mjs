// `npm start`: builds what is not built yet (or is older than its sources), then runs the server
// in this process, so Ctrl-C and SIGTERM reach its graceful shutdown directly. The web app builds
// while the server prepares its database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);

/** The newest modification time of the files (or the files under the folders); 0 when none exist. */
function newest(...folders) {
  let latest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else latest = Math.max(latest, statSync(full).mtimeMs);
    }
  };
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    if (statSync(folder).isDirectory()) walk(folder);
    else latest = Math.max(latest, statSync(folder).mtimeMs);
  }
  return latest;
}

const stale = (output, ...sources) => !existsSync(output) || statSync(output).mtimeMs < newest(...sources);

const buildArgs = (workspace) => ['run', 'build', '--silent', '-w', workspace];

function buildNow(workspace) {
  process.stdout.write(`Building ${workspace}…\n`);
  const result = spawnSync('npm', buildArgs(workspace), { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function buildInBackground(workspace) {
  process.stdout.write(`Building ${workspace}…\n`);
  return new Promise((resolve, reject) => {
    const child = spawn('npm', buildArgs(workspace), { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building ${workspace} failed (exit code ${code}).`)),
    );
  });
}

const shared = at('packages/shared/src');
const webBuild = stale(
  at('apps/web/dist/index.html'),
  at('apps/web/src'),
  at('apps/web/index.html'),
  at('apps/web/vite.config.ts'),
  shared,
)
  ? buildInBackground('@blotter/web')
  : undefined;
if (stale(at('apps/server/dist/main.js'), at('apps/server/src'), shared)) buildNow('@blotter/server');

const { run } = await import(at('apps/server/dist/main.js'));
run({ webBuild });
