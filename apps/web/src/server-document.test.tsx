import { describe, expect, it } from 'vitest';
import { jsonForHtml, preloadList, toDocument } from './server-document';

const TEMPLATE = '<!doctype html><html lang="en" dir="ltr"><head><title>Cusp</title></head><body><div id="root"></div></body></html>';

describe('toDocument', () => {
  it('puts the markup in #root with its kind, the language and direction on <html>, extras in head and body', () => {
    const page = toDocument(TEMPLATE, 'ar', { html: '<main>مرحبا</main>', dir: 'rtl' }, 'page', {
      head: '<link rel="stylesheet" href="/a.css">',
      body: '<script type="application/json" id="cusp-state">{}</script>',
    });
    expect(page).toBe(
      '<!doctype html><html lang="ar" dir="rtl"><head><title>Cusp</title><link rel="stylesheet" href="/a.css"></head><body>' +
        '<div id="root" data-prerendered="page"><main>مرحبا</main></div><script type="application/json" id="cusp-state">{}</script></body></html>',
    );
  });

  it('keeps "$&" and "$\'" in the markup as text (a service title), not as replacement patterns', () => {
    const page = toDocument(TEMPLATE, 'en', { html: "<h1>Crowns $& bridges $' $1</h1>", dir: 'ltr' }, 'page');
    expect(page).toContain("<h1>Crowns $& bridges $' $1</h1>");
  });

  it('makes forms inert until the app takes over (typed text would be lost)', () => {
    expect(toDocument(TEMPLATE, 'en', { html: '<form action="/x"><input></form>', dir: 'ltr' }, 'shell')).toContain('<form inert="" action="/x">');
  });

  it('refuses markup with a suspended part (its inline swap script would be blocked by the CSP)', () => {
    expect(() => toDocument(TEMPLATE, 'en', { html: '<template id="B:0"></template>', dir: 'ltr' }, 'page')).toThrow(/suspended/);
  });
});

describe('jsonForHtml', () => {
  it('cannot close the script element or open a comment, and reads back as the same value', () => {
    const value = { title: '</script><script>alert(1)</script><!--', line: 'a\u2028b\u2029c' };
    const text = jsonForHtml(value);
    expect(text).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('preloadList', () => {
  it('lists each script once, as data the boot script reads (JSON that cannot close the element)', () => {
    const tag = preloadList(['/assets/a.js', '/assets/b.js', '/assets/a.js']);
    const json = /^<script type="application\/json" id="cusp-preload">(.*)<\/script>$/.exec(tag)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(['/assets/a.js', '/assets/b.js']);
    expect(preloadList(['</script>'])).not.toContain('</script></script>');
  });
});
