import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One source file: its path (absolute, or relative to the same root as every other) and text. */
export interface SourceFile {
  path: string;
  source: string;
}

export interface BoundaryViolation {
  file: string;
  specifier: string;
  importer: string;
  imported: string;
}

/**
 * The feature a path lies in or names (`features/<name>` itself is its index), or null outside
 * features/.
 */
function featureOf(featuresDir: string, path: string): string | null {
  const rel = relative(featuresDir, path);
  if (rel === '' || rel.startsWith('..') || rel.startsWith(sep)) return null;
  return rel.split(sep)[0] ?? null;
}

/**
 * Every import (static, re-export, type-only, dynamic `import()`) by which a file of one feature
 * reaches into another feature (docs/architecture.md §2: "Features do not import each other; pages
 * compose them"). The imports are read by TypeScript's own pre-processor, so comments and strings
 * that merely look like imports are not counted. Only relative specifiers can reach a feature (the
 * web has no path aliases); package imports (`@blotter/shared/…`) are allowed.
 */
export function crossFeatureImports(featuresDir: string, files: readonly SourceFile[]): BoundaryViolation[] {
  const violations: BoundaryViolation[] = [];
  for (const file of files) {
    const importer = featureOf(featuresDir, file.path);
    if (!importer) continue;
    const { importedFiles } = ts.preProcessFile(file.source, true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const imported = featureOf(featuresDir, resolve(dirname(file.path), specifier));
      if (imported && imported !== importer) {
        violations.push({ file: relative(featuresDir, file.path), specifier, importer, imported });
      }
    }
  }
  return violations;
}

/** The .ts and .tsx files under a folder, read from disk. */
export function readSourceFiles(dir: string): SourceFile[] {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, source: readFileSync(path, 'utf8') };
    });
}
