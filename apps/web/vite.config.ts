import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_ORIGIN = 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `x.br` (brotli 10: 2 % larger than 11, 2.5 times faster) and `x.gz` (gzip 9) beside every
 * text file of the build over 1 KB, so the server can send them as they are (@fastify/static
 * `preCompressed: true`) rather than 700 KB of uncompressed script on a phone's first visit
 * (docs/decisions/0015-speed-budgets.md).
 */
function precompress(): Plugin {
  let serverBuild = false;
  return {
    name: 'cusp-precompress',
    apply: 'build',
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr); // dist-ssr/ is read from disk by the server, never sent
    },
    async writeBundle(options, bundle) {
      if (serverBuild) return;
      const outDir = options.dir ?? 'dist';
      const files = Object.values(bundle).filter((f) => /\.(js|css|html|svg|json)$/.test(f.fileName));
      await Promise.all(
        files.map(async (f) => {
          const source = Buffer.from(f.type === 'chunk' ? f.code : f.source);
          if (source.length < 1024) return;
          const file = path.join(outDir, f.fileName);
          const params = { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: source.length };
          await writeFile(`${file}.br`, await brotli(source, { params }));
          await writeFile(`${file}.gz`, await gzipped(source, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The server bundle (dist-ssr/, everything inlined) would otherwise pick React's development build at
 * run time wherever NODE_ENV is unset: several times slower per render (decision 0018).
 */
function productionServerBundle(): Plugin {
  return {
    name: 'cusp-production-server-bundle',
    apply: 'build',
    config: (_config, env) => (env.isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : undefined),
  };
}

/**
 * Vite preloads every chunk a lazy page needs (a `<link rel=modulepreload>` each, ~0.4 ms of main
 * thread apiece on a fast machine), counting those the importing chunk itself imports statically,
 * which are loaded by then: 40-70 links per page where 10-30 are new, in the task that starts the app
 * (decision 0019). This keeps only the chunks the importer does not already have.
 */
function preloadOnlyWhatIsMissing() {
  const staticImports = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'cusp-preload-only-what-is-missing',
    apply: 'build',
    generateBundle: {
      order: 'pre', // before Vite writes the preload lists (vite:build-import-analysis)
      handler(_options, bundle) {
        const closure = (file: string, seen = new Set<string>()): Set<string> => {
          const chunk = bundle[file];
          if (seen.has(file) || chunk?.type !== 'chunk') return seen;
          seen.add(file);
          chunk.imports.forEach((imported) => closure(imported, seen));
          return seen;
        };
        for (const file of Object.keys(bundle)) staticImports.set(file, closure(file));
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) =>
    deps.filter((dep) => !staticImports.get(hostId)?.has(dep));
  return { plugin, resolveDependencies };
}

const preloads = preloadOnlyWhatIsMissing();

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress(), productionServerBundle(), preloads.plugin],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/socket.io': { target: API_ORIGIN, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_ORIGIN },
      '/socket.io': { target: API_ORIGIN, ws: true },
    },
  },
  // The build-time render of the home page (src/prerender.tsx) runs in Node with everything bundled.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    // scripts/prerender.mjs reads it to link the home page's own CSS and chunks; it deletes it after.
    manifest: true,
    emptyOutDir: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
  },
});
