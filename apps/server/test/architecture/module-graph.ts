import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Which module a file belongs to: the folder right under `modules/`, or undefined outside them. */
export function moduleOf(modulesDir: string, file: string): string | undefined {
  const rel = relative(modulesDir, file);
  if (rel.startsWith('..') || !rel.includes(sep)) return undefined;
  return rel.split(sep)[0];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The module-to-module import graph of the server's non-test sources under `srcDir`: each edge says
 * which files make it. Read with TypeScript's own import scanner (`ts.preProcessFile`), so type-only
 * imports and re-exports count as well: a cycle of types still ties modules together.
 */
export function serverModuleGraph(srcDir: string): Map<string, Map<string, string[]>> {
  const modulesDir = join(srcDir, 'modules');
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(srcDir)) {
    const from = moduleOf(modulesDir, file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const ref of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const to = moduleOf(modulesDir, resolve(dirname(file), ref.fileName));
      if (!to || to === from) continue;
      edges.set(to, [...(edges.get(to) ?? []), relative(srcDir, file)]);
    }
  }
  return graph;
}

/**
 * The import cycles of a graph: its strongly connected components of more than one node (Tarjan),
 * each as a sorted list of nodes, so a test can name every module of a loop at once.
 */
export function importCycles(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
