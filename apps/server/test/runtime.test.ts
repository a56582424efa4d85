import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// The supported Node.js is written in four places that must agree: the root package.json's
// engines, the Node 24 LTS that .ci/run installs (.ci/node), .nvmrc, and @types/node.
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const rootPackage = z
  .object({ engines: z.object({ node: z.string() }), devDependencies: z.record(z.string(), z.string()) })
  .parse(JSON.parse(read('package.json')));
const ciPackage = z
  .object({ dependencies: z.object({ node: z.string() }) })
  .parse(JSON.parse(read('.ci/node/package.json')));
const ciLock = z
  .object({ packages: z.object({ 'node_modules/node': z.object({ version: z.string() }) }) })
  .parse(JSON.parse(read('.ci/node/package-lock.json')));
const installedTypes = z
  .object({ version: z.string() })
  .parse(JSON.parse(read('node_modules/@types/node/package.json')));

// What .ci/run's check answers for a sample of versions and the pinned one: one process for all,
// as starting one takes seconds on a loaded machine.
const sample = ['20.20.2', '22.11.9', '22.12.0', '22.23.3', '23.11.0', '24.0.0', '24.21.0', '25.9.0'];
const pinned = ciPackage.dependencies.node;
const verdicts = spawnSync(process.execPath, [path.join(root, '.ci/node/supported.mjs'), ...sample, pinned], {
  encoding: 'utf8',
})
  .stdout.trim()
  .split('\n')
  .map((line) => line.split(' '));
const major = (version: string) => Number(/\d+/.exec(version)?.[0]);

describe('the supported Node.js', () => {
  it('is an LTS from 22.12 on 22, or 24, as .ci/run reads the engines', () => {
    expect(rootPackage.engines.node).toBe('^22.12.0 || ^24.0.0');
    expect(verdicts.slice(0, sample.length)).toEqual([
      ['20.20.2', 'false'],
      ['22.11.9', 'false'],
      ['22.12.0', 'true'],
      ['22.23.3', 'true'],
      ['23.11.0', 'false'],
      ['24.0.0', 'true'],
      ['24.21.0', 'true'],
      ['25.9.0', 'false'],
    ]);
  });

  it('is what CI installs: the node package pinned to one exact 24 LTS release, in .nvmrc too', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(verdicts.slice(sample.length)).toEqual([[pinned, 'true']]);
    expect(ciLock.packages['node_modules/node'].version).toBe(pinned);
    expect(read('.nvmrc').trim()).toBe(String(major(pinned)));
  });

  it('types the code with the lowest supported major, so an API only newer Node has fails to compile', () => {
    const lowest = Math.min(...rootPackage.engines.node.split('||').map(major));
    expect(major(rootPackage.devDependencies['@types/node'] ?? '')).toBe(lowest);
    expect(major(installedTypes.version)).toBe(lowest);
  });
});
