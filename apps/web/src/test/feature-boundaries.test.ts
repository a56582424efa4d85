import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossFeatureImports, readSourceFiles } from './feature-boundaries';

const featuresDir = resolve(import.meta.dirname, '../features');

describe('web feature boundaries', () => {
  it('no feature imports another feature (pages compose them)', () => {
    const files = readSourceFiles(featuresDir);
    expect(files.length).toBeGreaterThan(100);
    const found = crossFeatureImports(featuresDir, files).map(
      (v) => `${v.file} imports '${v.specifier}' (${v.importer} → ${v.imported})`,
    );
    expect(found).toEqual([]);
  });

  // The checker itself, on a small synthetic tree, so the test above cannot pass by finding nothing.
  const at = (path: string, source: string) => ({ path: resolve('/app/src', path), source });
  const root = resolve('/app/src/features');

  it('finds static, type-only, re-exported and dynamic imports of another feature', () => {
    const files = [
      at('features/a/components/x.tsx', "import { Y } from '../../b/components/y';"),
      at('features/a/api/z.ts', "import type { T } from '../../b';\nexport { U } from '../../c/u';"),
      at('features/a/lazy.ts', "const m = () => import('../b/heavy');"),
    ];
    expect(crossFeatureImports(root, files).map((v) => `${v.importer}->${v.imported}:${v.specifier}`)).toEqual([
      'a->b:../../b/components/y',
      'a->b:../../b',
      'a->c:../../c/u',
      'a->b:../b/heavy',
    ]);
  });

  it('allows imports within a feature, of lib/components/packages, and from pages', () => {
    const files = [
      at(
        'features/a/components/x.tsx',
        "import { v } from '../model/v';\nimport { api } from '../../../lib/api-client';",
      ),
      at('features/a/model/v.ts', "import { z } from 'zod';\nimport { c } from '@blotter/shared/constants';"),
      at('pages/p.tsx', "import { X } from '../features/a/components/x';\nimport { Y } from '../features/b';"),
      at('features/a/doc.ts', "// import { Y } from '../b/y';\nconst s = \"from '../b/y'\";"),
    ];
    expect(crossFeatureImports(root, files)).toEqual([]);
  });
});
