#!/usr/bin/env node
// Fails when an installed package's `engines.node` (as package-lock.json records it) excludes the oldest Node the
// root package.json's `engines` allows (docs/decisions/0058). npm only warns (EBADENGINE) unless engine-strict is
// set, and a lockfile made elsewhere skips that check: this one reads the lockfile itself, so CI fails too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

const range = readJson('package.json').engines?.node;
const oldest = range && semver.minVersion(range);
if (!oldest) {
  console.error(`check-engines: package.json has no usable engines.node (${range})`);
  process.exit(1);
}

const bad = [];
for (const [where, entry] of Object.entries(readJson('package-lock.json').packages ?? {})) {
  // Old packages wrote engines as an array of strings ("node >= 0.8"); npm itself ignores that form.
  const wanted = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
  if (where === '' || entry.link || !wanted) continue;
  if (!semver.satisfies(oldest, wanted, { includePrerelease: true })) {
    bad.push(`  ${where.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${wanted} (${where})`);
  }
}

if (bad.length > 0) {
  console.error(`check-engines: ${bad.length} installed package(s) do not support Node ${oldest} (package.json engines ${range}):`);
  console.error(bad.join('\n'));
  console.error('Pin a version that does (an npm override in package.json) or raise engines.node.');
  process.exit(1);
}
console.log(`check-engines: every installed package supports Node ${oldest}`);
