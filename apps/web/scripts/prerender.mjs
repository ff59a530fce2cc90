/**
 * Writes, per language, dist/home.<language>.html (index.html with the home page already rendered in
 * #root, for visitors) and dist/shell.<language>.html (the frame of every other page: header, loader,
 * footer), precompressed like the rest of the build. The server picks them by path, session and the
 * `lang` cookie (apps/server/src/web.ts); index.html stays the plain fallback.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ssrDir = path.join(web, 'dist-ssr');
const dist = path.join(web, 'dist');
// The server renders pages with this bundle per request: React's development build there made each
// render several times slower (vite.config.ts fixes NODE_ENV for it; this keeps it fixed).
const ssrSources = await Promise.all(
  [path.join(ssrDir, 'prerender.js'), ...(await readdir(path.join(ssrDir, 'assets'))).filter((f) => f.endsWith('.js')).map((f) => path.join(ssrDir, 'assets', f))].map((f) => readFile(f, 'utf8')),
);
if (ssrSources.some((source) => source.includes('process.env.NODE_ENV'))) throw new Error('dist-ssr/ still chooses React builds by NODE_ENV at run time');
const { renderHome, renderShell, toDocument, preloadList } = await import(path.join(ssrDir, 'prerender.js'));
const index = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!index.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root"></div>');

// A page is a lazy chunk: its stylesheets must be in the <head> before its rendered markup paints (or
// it would move when they arrive). Its scripts are not preloaded by the HTML: on a slow phone link they
// would share the bandwidth with those stylesheets and delay the first paint; the boot script asks for
// them after it (below).
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
const linked = (file) => index.includes(`/${file}"`);
function stylesOf(key, css = new Set(), visited = new Set()) {
  const chunk = manifest[key];
  if (!chunk || visited.has(chunk.file)) return css;
  visited.add(chunk.file);
  chunk.css?.filter((file) => !linked(file)).forEach((file) => css.add(file));
  chunk.imports?.forEach((imported) => stylesOf(imported, css, visited));
  return css;
}

// The app's scripts start once the prerendered page has painted: started by the parser, they arrive
// (or run) before the first paint and hold it back. A tiny classic script, deferred, waits for the
// next frame and then adds the entry module; Vite's preload links go, the entry imports what it needs.
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index);
if (!entry) throw new Error('dist/index.html has no entry <script type="module">');
// The entry evaluates React, then imports the rest of the app (src/start.tsx) in a later task (decision
// 0019). That step's scripts are preloaded with the entry, so the import waits for no download.
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const startKey = manifest[entryKey]?.dynamicImports?.find((key) => key.endsWith('src/start.tsx'));
if (!startKey) throw new Error('the build entry does not import src/start.tsx');
function scriptsOf(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(`/${chunk.file}`)) return files;
  files.add(`/${chunk.file}`);
  chunk.imports?.forEach((imported) => scriptsOf(imported, files));
  return files;
}
const entryScripts = scriptsOf(entryKey);
const startScripts = [...scriptsOf(startKey)].filter((file) => !entryScripts.has(file));
const startScriptSet = new Set(startScripts);
const bootSource = `// Starts ${entry[1]} after the prerendered page's first paint (apps/web/scripts/prerender.mjs).
// Until the app has taken over, the page's forms keep what is typed into them and hold a submit for the
// app to replay (src/lib/early-forms.ts, docs/decisions/0024-forms-before-hydration.md).
(function () {
  var early = (window.__cuspEarlyForms = { typed: new Map(), submitted: null, live: false });
  var root = document.getElementById('root');
  var waiting = function (target) {
    return !early.live && root && target instanceof Element && root.contains(target);
  };
  document.addEventListener('input', function (event) {
    if (!waiting(event.target) || !('value' in event.target)) return;
    early.typed.delete(event.target); // kept in the order of typing: the last one had the focus
    early.typed.set(event.target, event.target.value);
  }, true);
  document.addEventListener('submit', function (event) {
    if (!waiting(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    early.submitted = event.target;
    event.target.setAttribute('aria-busy', 'true');
  }, true);
  if (root) root.querySelectorAll('form[inert]').forEach(function (form) { form.removeAttribute('inert'); });
})();
requestAnimationFrame(function () {
  setTimeout(function () {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ${JSON.stringify(entry[1])};
    document.head.appendChild(script);
    // Each link costs the main thread about half a millisecond (more on a phone): a few per task.
    var page = document.getElementById('cusp-preload');
    var hrefs = ${JSON.stringify(startScripts)}.concat(page ? JSON.parse(page.textContent) : []);
    (function preload(from) {
      hrefs.slice(from, from + 6).forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      });
      if (from + 6 < hrefs.length) setTimeout(preload, 0, from + 6);
    })(0);
  });
});
`;
const bootFile = `assets/boot-${createHash('sha256').update(bootSource).digest('base64url').slice(0, 8)}.js`;
await writeFile(path.join(dist, bootFile), bootSource);
// The second step's stylesheets (the frame's own: header, footer) are the entry's as far as the
// first paint is concerned: linked in the head, not left to Vite's import of it.
const startStyleFiles = stylesOf(startKey);
const startStyles = [...startStyleFiles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');

/** Each page chunk's name (its component's: HomePage) -> the <link> tags of its stylesheets. */
const pageStyles = Object.fromEntries(
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && chunk.name)
    .map(([key, chunk]) => [chunk.name, [...stylesOf(key)].filter((file) => !startStyleFiles.has(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('')]),
);
if (pageStyles.HomePage === undefined) throw new Error('the home page chunk (HomePage) is not in the build manifest');
// ... and its scripts beyond the entry's and start.tsx's: listed in the page (#cusp-preload) for the boot
// script to preload a few per task, rather than Vite's preload appending them all in the task that
// asks for the page (decision 0019).
const pageScripts = Object.fromEntries(
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && chunk.name)
    .map(([key, chunk]) => [chunk.name, [...scriptsOf(key)].filter((file) => !entryScripts.has(file) && !startScriptSet.has(file))]),
);
const shellTemplate = index
  .replace('</head>', `${startStyles}</head>`)
  .replace(entry[0], `<script defer src="/${bootFile}"></script>`)
  .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '');

async function write(name, language, rendered, kind, head, body) {
  const page = toDocument(shellTemplate, language, rendered, kind, { head, body });
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
  await write('home', language, home, 'visitor', pageStyles.HomePage, preloadList(pageScripts.HomePage));
  const shell = await renderShell(language);
  if (!shell.html.includes('<header') || !shell.html.includes('<main')) throw new Error(`the ${language} page frame has no header or main`);
  await write('shell', language, shell, 'shell');
}
// The server renders some pages per request with the same module (apps/server/src/page-renderer.ts):
// it needs the document template and each page's stylesheets. The manifest itself is not served.
await writeFile(path.join(ssrDir, 'pages.json'), JSON.stringify({ template: shellTemplate, styles: pageStyles, scripts: pageScripts }));
await rm(path.dirname(manifestFile), { recursive: true, force: true });
