import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** What the web build's server module (apps/web/src/prerender.tsx, built into dist-ssr/) exports. */
interface RenderModule {
  rendersOnServer(pathname: string): boolean;
  renderPage(url: string, language: string, transport: (url: string, init: RequestInit) => Promise<Response>, timeZone?: string): Promise<RenderedPage | null>;
  toDocument(template: string, language: string, page: RenderedPage, kind: 'page', extra: { head?: string; body?: string }): string;
  jsonForHtml(value: unknown): string;
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
 * Loads the web build's render module, if the build made one (docs/decisions/0018-server-rendered-pages.md).
 * The page's API calls are answered by `app` in-process (inject), with the reader's cookie, so the page
 * shows exactly what the reader's own browser would have fetched, and nothing more.
 */
export async function loadPageRenderer(app: FastifyInstance, ssrDir: string): Promise<PageRenderer | null> {
  const moduleFile = path.join(ssrDir, 'prerender.js');
  const pagesFile = path.join(ssrDir, 'pages.json');
  if (!existsSync(moduleFile) || !existsSync(pagesFile)) return null;
  const mod = (await import(pathToFileURL(moduleFile).href)) as RenderModule;
  const { template, styles } = JSON.parse(await readFile(pagesFile, 'utf8')) as { template: string; styles: Record<string, string> };

  async function render(url: string, language: string, cookie: string): Promise<string | null> {
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
    const page = await mod.renderPage(url, language, transport, cookieValue(cookie, 'tz'));
    if (!page) return null;
    const head = page.components.map((name) => styles[name]);
    // A page whose stylesheets are unknown would paint unstyled, then move: send the frame instead.
    if (head.some((links) => links === undefined)) return null;
    const body = `<script type="application/json" id="cusp-state">${mod.jsonForHtml(page.state)}</script>`;
    return mod.toDocument(template, language, page, 'page', { head: head.join(''), body });
  }

  return {
    handles: (pathname) => mod.rendersOnServer(pathname),
    render: async (url, language, cookie) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS)));
      try {
        return await Promise.race([render(url, language, cookie), timeout]);
      } catch (error) {
        app.log.error({ err: error, url }, 'server rendering failed; sending the page frame');
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function cookieValue(header: string, name: string): string | undefined {
  const raw = header.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name}=`));
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw.slice(name.length + 1));
  } catch {
    return undefined;
  }
}
