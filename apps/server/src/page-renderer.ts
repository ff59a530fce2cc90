import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from './modules/auth/index.js';
import { cookieValue } from './platform/cookie-header.js';
import type { ResponseCache } from './platform/response-cache.js';

/** What the web build's server module (apps/web/src/prerender.tsx, built into dist-ssr/) exports. */
interface RenderModule {
  rendersOnServer(pathname: string): boolean;
  renderPage(url: string, language: string, transport: (url: string, init: RequestInit) => Promise<Response>, timeZone?: string): Promise<RenderedPage | null>;
  toDocument(template: string, language: string, page: RenderedPage, kind: 'page', extra: { head?: string; body?: string }): string;
  jsonForHtml(value: unknown): string;
  preloadList(files: readonly string[]): string;
}

interface RenderedPage {
  html: string;
  dir: 'ltr' | 'rtl';
  state: unknown;
  components: string[];
}

export interface PageRenderer {
  /** Whether the page at `pathname` is rendered per request (it has a main request: /gigs, a service, a course). */
  handles(pathname: string): boolean;
  /** The whole HTML document, or null when the page could not be rendered (the caller sends the frame). */
  render(url: string, language: string, cookie: string): Promise<string | null>;
}

/** A render that takes longer than this is abandoned for the frame: the reader is not kept waiting. */
const RENDER_TIMEOUT_MS = 3_000;
/**
 * Renders run one at a time; with this many already waiting, a request gets the frame at once instead of
 * joining the queue, so a burst of page requests cannot pile up work (and latency) for everything else.
 */
const MAX_WAITING_RENDERS = 4;

/** Thrown (never cached) when a page was not rendered for a passing reason: busy, or too slow. */
class NotRenderedNow extends Error {}

/**
 * Loads the web build's render module, if the build made one (docs/decisions/0018-server-rendered-pages.md).
 * The page's API calls are answered by `app` in-process (inject), with the reader's cookie, so the page
 * shows exactly what the reader's own browser would have fetched, and nothing more. A visitor's page (no
 * session cookie: nothing in it is anyone's own) is kept in `visitorCache`, the catalogue's cache, which
 * every catalogue change clears (decision 0016).
 */
export async function loadPageRenderer(app: FastifyInstance, ssrDir: string, visitorCache?: ResponseCache): Promise<PageRenderer | null> {
  const moduleFile = path.join(ssrDir, 'prerender.js');
  const pagesFile = path.join(ssrDir, 'pages.json');
  if (!existsSync(moduleFile) || !existsSync(pagesFile)) return null;
  const mod = (await import(pathToFileURL(moduleFile).href)) as RenderModule;
  const { template, styles, scripts = {} } = JSON.parse(await readFile(pagesFile, 'utf8')) as {
    template: string;
    styles: Record<string, string>;
    scripts?: Record<string, string[]>;
  };

  async function render(url: string, language: string, cookie: string, timeZone: string | undefined): Promise<string | null> {
    const transport = async (apiUrl: string, init: RequestInit): Promise<Response> => {
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: apiUrl,
        headers: { ...(cookie ? { cookie } : {}), accept: 'application/json', 'accept-language': language },
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const empty = res.statusCode === 204 || res.statusCode === 304;
      return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
    };
    const page = await mod.renderPage(url, language, transport, timeZone);
    if (!page) return null;
    const head = page.components.map((name) => styles[name]);
    // A page whose stylesheets are unknown would paint unstyled, then move: send the frame instead.
    if (head.some((links) => links === undefined)) return null;
    const preload = mod.preloadList(page.components.flatMap((name) => scripts[name] ?? []));
    const body = `<script type="application/json" id="cusp-state">${mod.jsonForHtml(page.state)}</script>${preload}`;
    return mod.toDocument(template, language, page, 'page', { head: head.join(''), body });
  }

  let waiting = 0;
  async function renderNow(url: string, language: string, cookie: string, timeZone: string | undefined): Promise<string | null> {
    if (waiting >= MAX_WAITING_RENDERS) throw new NotRenderedNow('busy');
    waiting += 1;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new NotRenderedNow('slow')), RENDER_TIMEOUT_MS)));
    try {
      return await Promise.race([render(url, language, cookie, timeZone), timeout]);
    } finally {
      clearTimeout(timer);
      waiting -= 1;
    }
  }

  return {
    handles: (pathname) => mod.rendersOnServer(pathname),
    render: async (url, language, cookie) => {
      const timeZone = cookieValue(cookie, 'tz');
      try {
        if (visitorCache?.enabled && cookieValue(cookie, SESSION_COOKIE) === undefined) {
          const key = `page ${language} ${timeZone ?? ''} ${url}`;
          const { body } = await visitorCache.getOrCompute(key, async () => ({ body: (await renderNow(url, language, cookie, timeZone)) ?? '' }));
          return body.toString() || null; // a page's answer is the text it was rendered as
        }
        return await renderNow(url, language, cookie, timeZone);
      } catch (error) {
        if (!(error instanceof NotRenderedNow)) app.log.error({ err: error, url }, 'server rendering failed; sending the page frame');
        return null;
      }
    },
  };
}
