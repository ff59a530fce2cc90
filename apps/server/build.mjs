// Bundles the server into dist/ with the shared workspace package inlined; npm packages stay
// external and load from node_modules as usual.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  // The mesh worker (ADR 0026) is a file of its own: worker threads start from a file.
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts', 'mesh-worker': 'src/platform/mesh/mesh.worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@cusp/')),
  logLevel: 'warning',
});
