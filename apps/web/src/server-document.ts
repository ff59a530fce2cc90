/**
 * Putting rendered markup into the HTML document, at build time (scripts/prerender.mjs) and per
 * request (apps/server/src/page-renderer.ts): one place, so both send the same page.
 */
import type { Language } from '@cusp/shared';

/** Markup rendered by React, and the direction of its language. */
export interface Prerendered {
  html: string;
  dir: 'ltr' | 'rtl';
}

/**
 * The HTML document around rendered markup: the template is dist/index.html with its entry script
 * swapped for the boot script (scripts/prerender.mjs); `kind` tells start.tsx what it starts from.
 */
export function toDocument(template: string, language: Language, { html, dir }: Prerendered, kind: 'visitor' | 'shell' | 'page', extra: { head?: string; body?: string } = {}): string {
  // A suspended part would ship as its loader plus an inline script, which the CSP blocks.
  if (/<template id="B:|\$R[A-Z]/.test(html)) throw new Error(`part of the ${kind} page (${language}) suspended while rendering`);
  // Forms (the footer's newsletter) arrive inert: without a script a submit would send the page's fields
  // as a plain GET (a password in the address). The boot script releases them as soon as it runs, and
  // from then on keeps what is typed and holds a submit for the app (decision 0024). Links work as plain
  // links meanwhile.
  const markup = html.replaceAll('<form', '<form inert=""');
  // Replacer functions: a "$&" in a service's title must stay text, not become a replacement pattern.
  return template
    .replace(/<html lang="[^"]*" dir="[^"]*"/, () => `<html lang="${language}" dir="${dir}"`)
    .replace('</head>', () => `${extra.head ?? ''}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${kind}">${markup}</div>${extra.body ?? ''}`);
}

/** JSON for a <script type="application/json">: nothing in it can close the element or start a comment. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The scripts a page needs beyond the app's own, for the boot script (scripts/prerender.mjs) to preload a
 * few per task after the first paint (decision 0019).
 */
export function preloadList(files: readonly string[]): string {
  return `<script type="application/json" id="cusp-preload">${jsonForHtml([...new Set(files)])}</script>`;
}
