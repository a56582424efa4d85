import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, serverModuleGraph } from './architecture/module-graph';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** A throwaway source tree: path → file text. */
function sourceTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'module-graph-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  trees.push(root);
  return root;
}
const trees: string[] = [];
afterAll(() => {
  for (const root of trees) rmSync(root, { recursive: true, force: true });
});

describe('server modules import one way', () => {
  it('has no import cycle between modules/<x> folders (modules/a → modules/b → … → modules/a)', () => {
    const graph = serverModuleGraph(srcDir);
    expect(graph.size).toBeGreaterThan(20);
    const described = importCycles(graph).map((cycle) =>
      cycle
        .map((from) => {
          const edges = [...(graph.get(from) ?? [])].filter(([to]) => cycle.includes(to));
          return edges.map(([to, files]) => `${from} → ${to} (${[...new Set(files)].join(', ')})`).join('; ');
        })
        .join('; '),
    );
    expect(described).toEqual([]);
  });

  it('sees the modules the incident pipeline depends on, one way', () => {
    const graph = serverModuleGraph(srcDir);
    expect(graph.get('incident-notifications')?.has('incidents')).toBe(true);
    expect(graph.get('incidents')?.has('incident-notifications')).toBe(false);
    expect(graph.get('incidents')?.has('audit')).toBe(true);
  });
});

describe('the cycle checker', () => {
  it('finds a loop through three modules, with type-only imports and re-exports counted, and names each member', () => {
    const root = sourceTree({
      'modules/a/a.service.ts': "import { b } from '../b/b.queries';\nexport const a = b;\n",
      'modules/b/b.queries.ts': "export type { C } from '../c/deep/c';\nexport const b = 1;\n",
      'modules/c/deep/c.ts': "import type { A } from '../../a/a.types';\nexport type C = A;\n",
      'modules/a/a.types.ts': 'export type A = number;\n',
      'modules/d/d.ts': "import { a } from '../a/a.service';\nexport const d = a;\n",
    });
    expect(importCycles(serverModuleGraph(root))).toEqual([['a', 'b', 'c']]);
  });

  it('finds two modules that import each other, and ignores tests, packages and files outside modules', () => {
    const root = sourceTree({
      'modules/x/x.ts': "import { y } from '../y/y';\nimport { z } from 'zod';\nexport const x = [y, z];\n",
      'modules/y/y.ts': "import { x } from '../x/x';\nexport const y = x;\n",
      'modules/p/p.ts': "import { db } from '../../db';\nexport const p = db;\n",
      'modules/q/q.test.ts': "import { p } from '../p/p';\nexport const q = p;\n",
      'modules/p/p-uses-q.test.ts': "import { q } from '../q/q.test';\nexport const r = q;\n",
      'db.ts': "import { p } from './modules/p/p';\nexport const db = p;\n",
    });
    expect(importCycles(serverModuleGraph(root))).toEqual([['x', 'y']]);
  });

  it('answers no cycle for a graph that only runs one way, and for imports inside one module', () => {
    const graph = new Map([
      ['a', new Map([['b', []]])],
      ['b', new Map([['c', []]])],
      ['c', new Map<string, string[]>()],
    ]);
    expect(importCycles(graph)).toEqual([]);
    const root = sourceTree({
      'modules/m/one.ts': "import { two } from './inner/two';\nexport const one = two;\n",
      'modules/m/inner/two.ts': "import type { one } from '../one';\nexport const two = 2 as unknown as typeof one;\n",
    });
    expect(importCycles(serverModuleGraph(root))).toEqual([]);
  });
});
