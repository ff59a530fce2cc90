import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseCache, type ResponseCache } from './platform/response-cache.js';
import { registerWebApp } from './web.js';

/** A built web app of `files`; `ssr` are the files of the server-rendering build (dist-ssr/), if any. */
async function webApp(files: Record<string, string>, ssr: Record<string, string> = {}, visitorCache?: ResponseCache): Promise<{ app: FastifyInstance; root: string; apiCalls: () => number }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'cusp-web-'));
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(root, name), text);
    await writeFile(path.join(root, `${name}.br`), brotliCompressSync(text));
  }
  const ssrDir = path.join(root, 'ssr');
  await mkdir(ssrDir);
  for (const [name, text] of Object.entries(ssr)) await writeFile(path.join(ssrDir, name), text);
  const app = Fastify();
  // What the page's API calls reach: the cookie they were made with.
  let calls = 0;
  app.get('/api/echo', async (request) => {
    calls += 1;
    if (request.headers.cookie?.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 100));
    return { cookie: request.headers.cookie ?? '', language: request.headers['accept-language'] };
  });
  await registerWebApp(app, { root, ssrDir, visitorCache });
  await app.ready();
  return { app, root, apiCalls: () => calls };
}

/** A built web app for the tests of one describe block: made before them, closed and removed after. */
function useWebApp(...args: Parameters<typeof webApp>): Awaited<ReturnType<typeof webApp>> {
  const built = {} as Awaited<ReturnType<typeof webApp>>;
  beforeAll(async () => {
    Object.assign(built, await webApp(...args));
  });
  afterAll(async () => {
    await built.app.close();
    await rm(built.root, { recursive: true, force: true });
  });
  return built;
}

const FRAMES = {
  'index.html': 'EMPTY SHELL',
  'home.en.html': 'HOME IN ENGLISH',
  'home.ar.html': 'HOME IN ARABIC',
  'shell.en.html': 'FRAME IN ENGLISH',
  'shell.ar.html': 'FRAME IN ARABIC',
};

describe('the web app', () => {
  const built = useWebApp(FRAMES);

  it('sends the home page prerendered in the language of the lang cookie, English by default', async () => {
    const visitor = await built.app.inject({ method: 'GET', url: '/' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toBe('HOME IN ENGLISH');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers.vary).toMatch(/cookie/i);

    const arabic = await built.app.inject({ method: 'GET', url: '/?ref=mail', headers: { cookie: 'theme=x; lang=ar' } });
    expect(arabic.body).toBe('HOME IN ARABIC');
    const unknown = await built.app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=fr' } });
    expect(unknown.body).toBe('HOME IN ENGLISH');
  });

  it("without a chosen language, answers in the browser's first language the site speaks (Accept-Language); a choice wins", async () => {
    const page = async (headers: Record<string, string>, url = '/') => (await built.app.inject({ method: 'GET', url, headers })).body;
    expect(await page({ 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.8' })).toBe('HOME IN ARABIC');
    // By preference (q), not by position; a language the site does not speak is passed over.
    expect(await page({ 'accept-language': 'en;q=0.5, fr, ar-EG;q=0.8' })).toBe('HOME IN ARABIC');
    expect(await page({ 'accept-language': 'fr-FR,fr;q=0.9' })).toBe('HOME IN ENGLISH');
    expect(await page({ 'accept-language': 'en-GB,ar;q=0.9' })).toBe('HOME IN ENGLISH');
    expect(await page({ 'accept-language': 'ar' }, '/courses/1')).toBe('FRAME IN ARABIC');
    // The reader picked English on an Arabic browser: their choice stays.
    expect(await page({ 'accept-language': 'ar-SA', cookie: 'lang=en' })).toBe('HOME IN ENGLISH');
    expect(await page({ 'accept-language': 'ar-SA', cookie: 'lang=en' }, '/courses/1')).toBe('FRAME IN ENGLISH');
    // A cache between must keep one copy per browser language too.
    expect((await built.app.inject({ method: 'GET', url: '/' })).headers.vary).toMatch(/accept-language/i);
  });

  it('sends the page frame, not the home page, to a browser with a session: the home page has a visitor header', async () => {
    const member = await built.app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=ar; cusp_session=abc' } });
    expect(member.body).toBe('FRAME IN ARABIC');
    expect(member.headers.vary).toMatch(/cookie/i);
  });

  it('sends the precompressed home page to a browser that accepts brotli', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=ar', 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(brotliCompressSync('HOME IN ARABIC'))).toBe(true);
  });

  it('sends the page frame in the reader\'s language for every other page, and 404 for the API and missing files', async () => {
    const gigs = await built.app.inject({ method: 'GET', url: '/gigs?cat=Crown' });
    expect(gigs.body).toBe('FRAME IN ENGLISH');
    expect(gigs.headers['cache-control']).toBe('no-cache');
    expect((await built.app.inject({ method: 'GET', url: '/courses/1', headers: { cookie: 'lang=ar' } })).body).toBe('FRAME IN ARABIC');
    expect((await built.app.inject({ method: 'GET', url: '/no/such/page', headers: { cookie: 'cusp_session=x' } })).body).toBe('FRAME IN ENGLISH');
    expect((await built.app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
    expect((await built.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('answers a path the web app has no page for with 404 and the same page frame (its not-found screen); known pages 200', async () => {
    for (const url of ['/gigs', '/login/', '/LOGIN', '/share/abc', '/orders/5/review', '/reset-password?token=x', '/pay/order/9']) {
      const res = await built.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe('FRAME IN ENGLISH');
    }
    for (const url of ['/no/such/page', '/gigs/extra/segment', '/not-found', '/wp-login.php/x', '//gigs', '/orders/5/review/more']) {
      const res = await built.app.inject({ method: 'GET', url, headers: { cookie: 'lang=ar' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe('FRAME IN ARABIC');
    }
    const api = await built.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'ENDPOINT_NOT_FOUND' });
  });

  it('falls back to index.html when the build has no prerendered pages', async () => {
    const bare = await webApp({ 'index.html': 'EMPTY SHELL' });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=ar' } })).body).toBe('EMPTY SHELL');
      expect((await bare.app.inject({ method: 'GET', url: '/gigs' })).body).toBe('EMPTY SHELL');
    } finally {
      await bare.app.close();
      await rm(bare.root, { recursive: true, force: true });
    }
  });
});

/**
 * A stand-in for the web build's render module (apps/web/src/prerender.tsx, tested for real end to end
 * in e2e/server-render.spec.ts): it renders what its one API call answered, so the wiring shows.
 */
const RENDER_MODULE = `
export const rendersOnServer = (pathname) => pathname.startsWith('/gig/');
export async function renderPage(url, language, transport) {
  if (url.includes('boom')) throw new Error('boom');
  const answer = await (await transport('/api/echo', { method: 'GET' })).json();
  if (url.includes('missing')) return null;
  const components = url.includes('unstyled') ? ['UnknownPage'] : ['ItemPage'];
  return { html: '<p>' + answer.cookie + '|' + answer.language + '|' + language + '|' + url + '</p>', dir: 'ltr', state: { seen: '</script>' }, components };
}
export const jsonForHtml = (value) => JSON.stringify(value).replace(/</g, '\\\\u003c');
export const preloadList = (files) => '<script id="cusp-preload">' + files.join(' ') + '</script>';
export const toDocument = (template, language, page, kind, extra) =>
  template.replace('</head>', extra.head + '</head>').replace('<div id="root"></div>', '<div id="root" data-prerendered="' + kind + '">' + page.html + '</div>' + extra.body);
`;

const SSR_BUILD = {
  'prerender.js': RENDER_MODULE,
  'pages.json': JSON.stringify({
    template: '<head></head><div id="root"></div>',
    styles: { ItemPage: '<link href="/item.css">' },
    scripts: { ItemPage: ['/assets/item.js', '/assets/card.js'] },
  }),
};

describe('pages rendered per request', () => {
  const visitorCache = createResponseCache({ name: 'test-pages', ttlMs: 60_000 });
  const built = useWebApp(FRAMES, SSR_BUILD, visitorCache);

  it("renders the page with the reader's cookie and language, its stylesheets and data, for this reader only", async () => {
    const res = await built.app.inject({ method: 'GET', url: '/gig/7?x=1', headers: { cookie: 'lang=ar; cusp_session=abc' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(
      '<head><link href="/item.css"></head><div id="root" data-prerendered="page"><p>lang=ar; cusp_session=abc|ar|ar|/gig/7?x=1</p></div>' +
        '<script type="application/json" id="cusp-state">{"seen":"\\u003c/script>"}</script>' +
        '<script id="cusp-preload">/assets/item.js /assets/card.js</script>', // its scripts, for the boot script to preload
    );
    // It may show the reader's own data: no shared cache keeps it, and it differs by cookie.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it("renders a first visit in the browser's language (Accept-Language), its API calls asked in it too", async () => {
    const res = await built.app.inject({ method: 'GET', url: '/gig/8', headers: { 'accept-language': 'ar-SA,en;q=0.5' } });
    expect(res.body).toContain('<p>|ar|ar|/gig/8</p>');
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it('compresses the rendered page as the browser accepts', async () => {
    const plain = await built.app.inject({ method: 'GET', url: '/gig/1' });
    const br = await built.app.inject({ method: 'GET', url: '/gig/1', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('sends the frame when the page cannot be rendered, its render fails, or its stylesheets are unknown', async () => {
    for (const url of ['/gig/missing', '/gig/boom', '/gig/unstyled']) {
      const res = await built.app.inject({ method: 'GET', url, headers: { cookie: 'lang=ar' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('FRAME IN ARABIC');
    }
  });

  it('sends the frame for pages it does not render, and the home page to a visitor', async () => {
    expect((await built.app.inject({ method: 'GET', url: '/about' })).body).toBe('FRAME IN ENGLISH');
    expect((await built.app.inject({ method: 'GET', url: '/' })).body).toBe('HOME IN ENGLISH');
  });
});

describe('rendering under load and for visitors', () => {
  const visitorCache = createResponseCache({ name: 'test-pages-2', ttlMs: 60_000 });
  const built = useWebApp(FRAMES, SSR_BUILD, visitorCache);

  it("keeps a visitor's page (per language, time zone and address) until the catalogue changes; a member's is rendered each time", async () => {
    const before = built.apiCalls();
    const first = await built.app.inject({ method: 'GET', url: '/gig/cached', headers: { cookie: 'lang=ar; tz=Asia%2FRiyadh' } });
    const second = await built.app.inject({ method: 'GET', url: '/gig/cached', headers: { cookie: 'lang=ar; tz=Asia%2FRiyadh' } });
    expect(second.body).toBe(first.body);
    expect(built.apiCalls() - before).toBe(1);
    await built.app.inject({ method: 'GET', url: '/gig/cached', headers: { cookie: 'lang=en; tz=Asia%2FRiyadh' } });
    await built.app.inject({ method: 'GET', url: '/gig/cached', headers: { cookie: 'lang=ar; tz=UTC' } });
    expect(built.apiCalls() - before).toBe(3);
    visitorCache.clear();
    await built.app.inject({ method: 'GET', url: '/gig/cached', headers: { cookie: 'lang=ar; tz=Asia%2FRiyadh' } });
    expect(built.apiCalls() - before).toBe(4);

    const member = { cookie: 'cusp_session=abc' };
    await built.app.inject({ method: 'GET', url: '/gig/cached', headers: member });
    await built.app.inject({ method: 'GET', url: '/gig/cached', headers: member });
    expect(built.apiCalls() - before).toBe(6);
  });

  it('sends the frame at once, rather than queue, when renders are already waiting', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => built.app.inject({ method: 'GET', url: `/gig/busy-${i}`, headers: { cookie: 'cusp_session=slow' } })),
    );
    const rendered = answers.filter((res) => res.body.includes('data-prerendered="page"')).length;
    const frames = answers.filter((res) => res.body === 'FRAME IN ENGLISH').length;
    expect(rendered).toBe(4);
    expect(frames).toBe(4);
  });
});
