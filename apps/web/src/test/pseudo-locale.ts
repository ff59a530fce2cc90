/**
 * The marked Arabic catalogue (docs/decisions/0061-arabic-everywhere-web.md): every text of the Arabic
 * catalogue between ⟦ and ⟧, so a page rendered with it shows which of its words came from the catalogue.
 * Whatever is left once the marked runs, the data the API answered (members' names, titles) and the
 * formatted numbers and dates are taken out is text that reached an Arabic page from somewhere else: a
 * string written in a component, an English fallback for a key Arabic lacks, a server sentence the app does
 * not translate.
 */
import type { Catalogue } from '@/lib/translate';

export const MARK_OPEN = '⟦';
export const MARK_CLOSE = '⟧';

/** The catalogue with every leaf marked (placeholders stay inside, so a value filled in is covered too). */
export function markCatalogue<T extends Catalogue>(catalogue: T): T {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [key, typeof value === 'string' ? `${MARK_OPEN}${value}${MARK_CLOSE}` : markCatalogue(value)]),
  ) as T;
}

/**
 * A code the API sends for the app to name (`in_progress`, `zirconia_monolithic`, `stl`): shown as it is, it is
 * English on an Arabic page, so it is not exempt as data. What a member typed is, whatever it looks like: a name,
 * and a designer's CAD software on their profile (tags typed freely, `exocad` among the suggestions).
 */
const CODE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const NAME_KEYS = new Set(['username', 'creatorName', 'name', 'software']);

/** Every string in an API answer (members' own text, their names, ids): not the app's to translate. */
export function stringsOf(value: unknown, into = new Set<string>(), key = ''): Set<string> {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.length > 1 && (NAME_KEYS.has(key) || !CODE.test(text))) into.add(text);
  } else if (Array.isArray(value)) for (const item of value) stringsOf(item, into, key);
  else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) stringsOf(item, into, name);
  return into;
}

// Marked runs nest (a marked text filled into another): the innermost first, until none is left.
const MARKED_RUN = new RegExp(`${MARK_OPEN}[^${MARK_OPEN}${MARK_CLOSE}]*${MARK_CLOSE}`, 'gu');
/** An e-mail address, a link, or a path on the site (a share link shown shortened). */
const EMAIL_OR_URL = /[\w.+-]+@[\w-]+(\.[\w-]+)+|https?:\/\/\S+|(?<!\S)\/\S+/g;
/** Latin letters: what an Arabic reader met as English. */
const LATIN = /[A-Za-z]/;

/**
 * Text a reader sees or hears on the page: its text (one line per text node, so a marked text split by markup
 * still pairs up), the labels screen readers read (aria-label, placeholder, title, alt) and the window's title.
 */
export function pageText(root: HTMLElement = document.body): string {
  const lines: string[] = [document.title];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT, {
    // Code, and the test's own location probe, with everything inside them.
    acceptNode: (node) => (node instanceof Element && node.matches('script, style, [data-testid="location"]') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = node.getAttribute(name);
        if (value) lines.push(value);
      }
    } else if (node.textContent?.trim()) lines.push(node.textContent);
  }
  return lines.join('\n');
}

/**
 * The lines of `text` that still hold Latin letters once the marked runs and `exempt` (the API's data, the
 * platform's name...) are taken out, for the failure message.
 */
export function unmarkedWords(text: string, exempt: Iterable<string>): string[] {
  let rest = text;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(MARKED_RUN, ' ');
  }
  // An address or a link is written as it is in every language.
  rest = rest.replace(EMAIL_OR_URL, ' ');
  // Longest first, so a name is not cut by a shorter one inside it.
  for (const value of [...exempt].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  return rest
    .split('\n')
    .filter((line) => LATIN.test(line))
    .map((line) => line.trim());
}
