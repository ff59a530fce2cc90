#!/usr/bin/env node
// Fails when any import cycle exists (docs/decisions/0029): type-only and dynamic imports count too.
// madge walks each workspace with its own tsconfig (the web app's `@/` paths); an import of our own code
// that it cannot resolve is an error as well, since a cycle through it would go unseen.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspaces = [
  { name: 'packages/shared', paths: ['packages/shared/src'], tsConfig: 'packages/shared/tsconfig.json' },
  // The apps import @cusp/shared, which is checked on its own above: not walked again from each app.
  { name: 'apps/server', paths: ['apps/server/src', 'apps/server/test'], tsConfig: 'apps/server/tsconfig.json', skip: [/(^|\/)packages\/shared\//] },
  { name: 'apps/web', paths: ['apps/web/src'], tsConfig: 'apps/web/tsconfig.json', skip: [/(^|\/)packages\/shared\//] },
];
// Package imports madge leaves unresolved on purpose (node_modules is outside the graph).
const external = (name) => !name.startsWith('.') && !name.startsWith('/') && !name.startsWith('@/');

// Parsed here and handed over as options: given a file name or raw JSON, madge and its resolver re-read
// the options in a way that loses where `paths` are relative to (the web app's `@/` would not resolve).
function compilerOptions(file) {
  const json = ts.readJsonConfigFile(file, ts.sys.readFile);
  return ts.parseJsonSourceFileConfigFileContent(json, ts.sys, path.dirname(file)).options;
}

let failed = false;
for (const workspace of workspaces) {
  const result = await madge(
    workspace.paths.map((p) => path.join(root, p)),
    {
      baseDir: root,
      fileExtensions: ['ts', 'tsx'],
      tsConfig: { options: compilerOptions(path.join(root, workspace.tsConfig)) },
      excludeRegExp: [/\/node_modules\//, /\/dist(-ssr)?\//, ...(workspace.skip ?? [])],
    },
  );
  const cycles = result.circular();
  const unresolved = result.warnings().skipped.filter((name) => !external(name));
  const files = Object.keys(result.obj()).length;
  if (cycles.length === 0 && unresolved.length === 0) {
    console.log(`${workspace.name}: ${files} files, no import cycle`);
    continue;
  }
  failed = true;
  for (const cycle of cycles) console.error(`${workspace.name}: import cycle: ${[...cycle, cycle[0]].join(' > ')}`);
  for (const name of unresolved) console.error(`${workspace.name}: cannot resolve ${name} (a cycle through it would go unseen)`);
}
process.exit(failed ? 1 : 0);
