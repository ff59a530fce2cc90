import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { browserLanguage, isPagePath, LANGUAGES, type Language } from '@cusp/shared';
import { sendNotFound } from './errors.js';
import { SESSION_COOKIE } from './modules/auth/index.js';
import { loadPageRenderer } from './page-renderer.js';
import { cookieValue } from './platform/cookie-header.js';
import type { ResponseCache } from './platform/response-cache.js';
import { webDistFolder } from './paths.js';

/**
 * The language a page is sent in: the reader's choice (the `lang` cookie the client writes when they pick one),
 * else the first of their browser's languages the site speaks (`Accept-Language`, by its q order), else English.
 * The client starts in the same one by the same rule (apps/web/src/lib/i18n.ts), so the first HTML is already in
 * the right language and direction (docs/decisions/0060-phone-polish-and-browser-language.md).
 */
export function pageLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const chosen = LANGUAGES.find((supported) => supported === cookieValue(request.headers.cookie ?? '', 'lang'));
  return chosen ?? browserLanguage(new Negotiator(request).languages()) ?? 'en';
}

const PRERENDERED = ['home', 'shell'].flatMap((kind) => LANGUAGES.map((language) => `${kind}.${language}.html`));

export interface WebAppOptions {
  root?: string;
  /** The server-rendering build (decision 0018); without it every page starts from its frame. */
  ssrDir?: string;
  /** Where visitors' rendered pages are kept (the catalogue cache: every catalogue change clears it). */
  visitorCache?: ResponseCache;
}

/**
 * Serves the built web app (one origin: docs/product.md §15.4). Hashed assets are cached for a year; every other path
 * that is not the API gets a page rendered with its data (decision 0018), a prerendered page (0017) or
 * index.html, and the client router shows the page or its 404. A path that is no page of the web app
 * (`PAGE_PATHS`, packages/shared/src/pages.ts) is answered 404 with that same page frame (decision 0049), so
 * crawlers and monitors see a 404 while people see the app's not-found screen.
 */
export async function registerWebApp(app: FastifyInstance, { root = webDistFolder, ssrDir = path.join(root, '..', 'dist-ssr'), visitorCache }: WebAppOptions = {}): Promise<boolean> {
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`web app not built (${index} missing): run "npm run build"`);
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each script and stylesheet (vite.config.ts): sent as the
    // browser accepts, they cut a first visit's 700+ KB of code to about a quarter.
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const prerendered = new Set(PRERENDERED.filter((file) => existsSync(path.join(root, file))));
  const renderer = await loadPageRenderer(app, ssrDir, visitorCache);
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET' || /\.[a-z0-9]+$/i.test(pathname)) {
      return sendNotFound(request, reply);
    }
    // Pages come prerendered (apps/web/scripts/prerender.mjs) in the reader's language (pageLanguage):
    // the home page itself for a visitor (a session, even an expired one, would see a visitor's header),
    // the frame of a page (header, loader, footer) otherwise.
    const cookies = request.headers.cookie ?? '';
    const language = pageLanguage(request);
    const kind = pathname === '/' && cookieValue(cookies, SESSION_COOKIE) === undefined ? 'home' : 'shell';
    reply.header('vary', 'Cookie, Accept-Language');
    if (!isPagePath(pathname)) reply.code(404);
    // A page with a main request (the catalogue, a service, a course) is rendered with its data, for this
    // reader: its content paints before any script runs. It may hold the reader's own data, so no shared cache.
    if (kind === 'shell' && renderer?.handles(pathname)) {
      const html = await renderer.render(request.url, language, cookies);
      if (html) return sendHtml(reply, request.headers['accept-encoding'], html);
    }
    const file = [`${kind}.${language}.html`, `${kind}.en.html`].find((name) => prerendered.has(name)) ?? 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(file);
  });
  return true;
}

/** A rendered page, compressed as the browser accepts (fast settings: it is made per request). */
async function sendHtml(reply: FastifyReply, acceptEncoding: string | undefined, html: string) {
  reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie, Accept-Language, Accept-Encoding').type('text/html; charset=utf-8');
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) {
    const body = await promisify(brotliCompress)(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await promisify(gzip)(html, { level: 6 }));
  return reply.send(html);
}
