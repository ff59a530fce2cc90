import { describe, expect, it } from 'vitest';
import { createOriginCheck, type OriginFacts } from './origin.js';

const facts = (overrides: Partial<OriginFacts>): OriginFacts => ({ origin: undefined, host: 'cusp.test', protocol: 'http', secFetchSite: undefined, ...overrides });

describe('the origin check (HTTP and socket handshakes)', () => {
  const https = createOriginCheck('https://cusp.test');
  const http = createOriginCheck('http://localhost:3000');

  it("accepts the product's own origin, and the Host's own with the product's scheme", () => {
    expect(https(facts({ origin: 'https://cusp.test' }))).toBe(true);
    expect(https(facts({ origin: 'https://cusp.test', host: 'other.host' }))).toBe(true);
    // Another name for the same server (an internal address), over the same scheme.
    expect(https(facts({ origin: 'https://10.0.0.5:8443', host: '10.0.0.5:8443' }))).toBe(true);
    expect(http(facts({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }))).toBe(true);
    expect(http(facts({ origin: 'HTTP://LOCALHOST:3000', host: 'localhost:3000' }))).toBe(true);
  });

  it('compares the scheme: an http page is not the https product, even on the same host', () => {
    expect(https(facts({ origin: 'http://cusp.test' }))).toBe(false);
    expect(https(facts({ origin: 'http://cusp.test', protocol: 'https' }))).toBe(false);
    // The request came over https (a trusted proxy said so): an http Origin is another site.
    expect(http(facts({ origin: 'http://app.local', host: 'app.local', protocol: 'https' }))).toBe(false);
    expect(http(facts({ origin: 'https://app.local', host: 'app.local', protocol: 'https' }))).toBe(true);
    expect(http(facts({ origin: 'https://localhost:3000', host: 'localhost:3000' }))).toBe(false);
  });

  it('refuses, without throwing, what is not an origin of ours', () => {
    for (const origin of ['null', 'foo', 'http://x:99999', `http://${'a'.repeat(10_000)}.test`, 'https://cüsp.test', 'https://cusp.test\u0000', 'javascript:alert(1)', '*', 'https://evil.example']) {
      expect(https(facts({ origin })), origin.slice(0, 40)).toBe(false);
    }
    for (const host of [undefined, '', 'x:99999', '[::1', 'cusp.test:abc', 'ü'.repeat(300)]) {
      expect(http(facts({ origin: 'http://x.test', host })), String(host).slice(0, 40)).toBe(false);
    }
  });

  it('without Origin, refuses only what Fetch Metadata calls cross-site', () => {
    expect(https(facts({}))).toBe(true);
    expect(https(facts({ secFetchSite: 'same-origin' }))).toBe(true);
    expect(https(facts({ secFetchSite: 'cross-site' }))).toBe(false);
  });
});
