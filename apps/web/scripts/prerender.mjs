/**
 * Writes, per language, dist/home.<language>.html (index.html with the home page already rendered in
 * #root, for visitors) and dist/shell.<language>.html (the frame of every other page: header, loader,
 * footer), precompressed like the rest of the build. The server picks them by path, session and the
 * `lang` cookie (apps/server/src/web.ts); index.html stays the plain fallback.
 */
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ssrDir = path.join(web, 'dist-ssr');
const dist = path.join(web, 'dist');
const { renderHome, renderShell } = await import(path.join(ssrDir, 'prerender.js'));
const index = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!index.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root"></div>');

// The home page is a lazy chunk: its stylesheets must be in the <head> before the prerendered markup
// paints (or it would move when they arrive). Its scripts are not preloaded: on a slow phone link they
// would share the bandwidth with those stylesheets and delay the first paint; main.tsx asks for them.
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
const HOME = 'src/features/home/pages/HomePage.tsx';
if (!manifest[HOME]) throw new Error(`${HOME} is not in the build manifest`);
const css = new Set();
const visited = new Set();
(function collect(key) {
  const chunk = manifest[key];
  if (!chunk || visited.has(chunk.file)) return;
  visited.add(chunk.file);
  chunk.css?.forEach((file) => css.add(file));
  chunk.imports?.forEach(collect);
})(HOME);
const linked = (file) => index.includes(`/${file}"`);
const headTags = [...css]
  .filter((file) => !linked(file))
  .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
  .join('');

// The app's scripts start once the prerendered page has painted: started by the parser, they arrive
// (or run) before the first paint and hold it back. A tiny classic script, deferred, waits for the
// next frame and then adds the entry module; Vite's preload links go, the entry imports what it needs.
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index);
if (!entry) throw new Error('dist/index.html has no entry <script type="module">');
const bootSource = `// Starts ${entry[1]} after the prerendered home page's first paint (apps/web/scripts/prerender.mjs).
requestAnimationFrame(function () {
  setTimeout(function () {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ${JSON.stringify(entry[1])};
    document.head.appendChild(script);
  });
});
`;
const bootFile = `assets/boot-${createHash('sha256').update(bootSource).digest('base64url').slice(0, 8)}.js`;
await writeFile(path.join(dist, bootFile), bootSource);
const shellTemplate = index
  .replace(entry[0], `<script defer src="/${bootFile}"></script>`)
  .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '');
const homeTemplate = shellTemplate.replace('</head>', `${headTags}</head>`);

async function write(name, template, language, { html, dir }, kind) {
  // A suspended part would ship as its loader plus an inline script, which the CSP blocks.
  if (/<template id="B:|\$R[A-Z]/.test(html)) throw new Error(`part of ${name} (${language}) suspended while prerendering`);
  // Forms (the footer's newsletter) cannot be typed into before React takes over: the text would be
  // lost when it replaces the markup. Links work as plain links meanwhile.
  const markup = html.replaceAll('<form', '<form inert=""');
  const page = template
    .replace(/<html lang="[^"]*" dir="[^"]*"/, `<html lang="${language}" dir="${dir}"`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${kind}">${markup}</div>`);
  const file = path.join(dist, `${name}.${language}.html`);
  await writeFile(file, page);
  const source = Buffer.from(page);
  await writeFile(`${file}.br`, await promisify(brotliCompress)(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }));
  await writeFile(`${file}.gz`, await promisify(gzip)(source, { level: 9 }));
  console.log(`prerendered ${path.relative(web, file)}: ${(source.length / 1024).toFixed(1)} KB`);
}

for (const language of ['en', 'ar']) {
  const home = await renderHome(language);
  if (!home.html.includes('id="hero-title"')) throw new Error(`the ${language} home page rendered without its hero`);
  await write('home', homeTemplate, language, home, 'visitor');
  const shell = await renderShell(language);
  if (!shell.html.includes('<header') || !shell.html.includes('<main')) throw new Error(`the ${language} page frame has no header or main`);
  await write('shell', shellTemplate, language, shell, 'shell');
}
await rm(ssrDir, { recursive: true, force: true });
await rm(path.dirname(manifestFile), { recursive: true, force: true });
