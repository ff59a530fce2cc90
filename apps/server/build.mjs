// Bundles the server into dist/ with the shared workspace package inlined; npm packages stay
// external and load from node_modules as usual.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  // The mesh worker (ADR 0026) and the document worker (ADR 0052) are files of their own: worker threads start
  // from a file. The document worker loads the PDF layouts by name, so each module of layouts is a file too.
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    'mesh-worker': 'src/platform/mesh/mesh.worker.ts',
    'document-worker': 'src/platform/pdf/document.worker.ts',
    'billing-pdf': 'src/modules/billing/billing-pdf.ts',
    'prescription-pdf': 'src/modules/orders/prescription-pdf.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@cusp/')),
  logLevel: 'warning',
});
