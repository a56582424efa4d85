// Whether a Node.js version satisfies the root package.json's `engines.node`: exits 0 when it does,
// 1 when not. `node .ci/node/supported.mjs` asks about the Node running it; arguments name other
// versions (`node .ci/node/supported.mjs 22.11.0 24.1.0` prints a verdict a line and exits 0 when
// all are supported). .ci/run asks before `npm ci`, when
// node_modules (and with it semver) is not installed yet, so this reads only the form the range is
// written in, caret ranges joined by `||` (`^22.12.0 || ^24.0.0`), and fails on any other.
import { readFileSync } from 'node:fs';

const parse = (text) => {
  const match = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`Not a version: ${text}`);
  return match.slice(1).map(Number);
};

const root = new URL('../../package.json', import.meta.url);
const range = JSON.parse(readFileSync(root, 'utf8')).engines.node;
const supported = (text) => {
  const [a, b, c] = parse(text);
  return range.split('||').some((part) => {
    const caret = /^\s*\^(.+?)\s*$/.exec(part);
    if (!caret) throw new Error(`engines.node: only ^x.y.z ranges joined by || are understood, not "${part.trim()}"`);
    const [major, minor, patch] = parse(caret[1]);
    return a === major && (b > minor || (b === minor && c >= patch));
  });
};

const versions = process.argv.slice(2);
if (versions.length === 0) process.exit(supported(process.versions.node) ? 0 : 1);
const verdicts = versions.map((version) => [version, supported(version)]);
for (const [version, verdict] of verdicts) process.stdout.write(`${version} ${verdict}\n`);
process.exit(verdicts.every(([, verdict]) => verdict) ? 0 : 1);
