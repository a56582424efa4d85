// Bundles the server into dist/main.js, and the embedded database's worker thread into
// dist/pglite-worker.js (src/db/pglite-worker-client.ts starts it from next to the bundle). npm packages
// stay external (installed beside it); the workspace package @blotter/shared is TypeScript
// source, so it is bundled in.
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@blotter/'));
const dist = path.join(root, 'dist');

await rm(dist, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    'pglite-worker': path.join(root, 'src/db/pglite-worker.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
  // Some bundled CommonJS needs require in an ES module.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
// Migrations, and the repeatable ones (src/db/sql, templates filled at start), are read at start
// from next to the bundle.
await cp(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
await cp(path.join(root, 'src/db/sql'), path.join(dist, 'sql'), { recursive: true });
