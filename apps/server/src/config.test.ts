import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, scaleOutWarnings } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for `npm start`', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', seedDemo: true, currency: 'USD', secureCookies: false });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('follows PORT, DATA_DIR, DATABASE_URL and SEED_DEMO', () => {
    const c = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h:5432/db', SEED_DEMO: 'false' });
    expect(c).toMatchObject({ port: 4100, publicUrl: 'http://localhost:4100', dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/db', seedDemo: false });
  });

  it('names every wrong variable in one error', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', CURRENCY: 'usd' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'CURRENCY']) expect(message).toContain(name);
      expect(message).toContain('PORT: must be a port number (got "abc")');
    }
  });

  it('warns when several instances (REDIS_URL) would each make their own payout details key (ADR 0043)', () => {
    expect(scaleOutWarnings(loadConfig({}))).toEqual([]);
    const [warning] = scaleOutWarnings(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }));
    expect(warning).toContain('PAYOUT_DETAILS_KEY');
    expect(scaleOutWarnings(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', PAYOUT_DETAILS_KEY: 'ab'.repeat(32) }))).toEqual([]);
  });

  it('takes PAYOUT_DETAILS_KEY as 64 hex digits or base64 of 32 bytes, and never repeats a wrong one (ADR 0043)', () => {
    expect(loadConfig({}).payments.payoutDetailsKey).toBeNull();
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ PAYOUT_DETAILS_KEY: hex }).payments.payoutDetailsKey).toBe(hex);
    expect(loadConfig({ PAYOUT_DETAILS_KEY: Buffer.alloc(32, 7).toString('base64') }).payments.payoutDetailsKey).not.toBeNull();
    expect(() => loadConfig({ PAYOUT_DETAILS_KEY: 'ab'.repeat(16) })).toThrow(/PAYOUT_DETAILS_KEY: must be a 256-bit key/);
    expect(() => loadConfig({ PAYOUT_DETAILS_KEY: 'ab'.repeat(16) })).not.toThrow(/abab/);
    expect(loadConfig({}).payments.stripe).toBeNull();
    expect(loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }).payments.stripe).toMatchObject({ maxRetries: 2, apiUrl: 'https://api.stripe.com' });
    expect(() => loadConfig({ STRIPE_MAX_RETRIES: '9' })).toThrow(/STRIPE_MAX_RETRIES: must be between 0 and 5/);
  });

  it('uses secure cookies behind https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://cusp.example/' })).toMatchObject({ publicUrl: 'https://cusp.example', secureCookies: true });
  });

  it('closes slow clients: headers in 30 s, a whole request in an hour, 2 minutes idle, a parsed body in 30 s, unless told otherwise (ADR 0022, 0049)', () => {
    expect(loadConfig({}).timeouts).toEqual({ headers: 30_000, request: 3_600_000, idle: 120_000, body: 30_000 });
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '3000', IDLE_TIMEOUT_MS: '1500' }).timeouts).toEqual({ headers: 1000, request: 3000, idle: 1500, body: 3000 });
    expect(loadConfig({ BODY_TIMEOUT_MS: '2000' }).timeouts.body).toBe(2000);
    expect(() => loadConfig({ BODY_TIMEOUT_MS: '50' })).toThrow(/BODY_TIMEOUT_MS: must be between 100 and 3600000 milliseconds/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '3000' })).toThrow(/HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ IDLE_TIMEOUT_MS: '0' })).toThrow(/IDLE_TIMEOUT_MS: must be between 100 and 3600000 milliseconds/);
  });

  it('caches the public catalogue for 5 s unless CATALOGUE_CACHE_MS says otherwise (0: off)', () => {
    expect(loadConfig({}).catalogueCacheMs).toBe(5000);
    expect(loadConfig({ CATALOGUE_CACHE_MS: '0' }).catalogueCacheMs).toBe(0);
    expect(loadConfig({ CATALOGUE_CACHE_MS: '250' }).catalogueCacheMs).toBe(250);
    for (const [value, message] of [
      ['soon', 'CATALOGUE_CACHE_MS: must be a number of milliseconds (got "soon")'],
      ['-1', 'CATALOGUE_CACHE_MS: must be between 0 and 300000 milliseconds (got "-1")'],
      ['300001', 'CATALOGUE_CACHE_MS: must be between 0 and 300000 milliseconds (got "300001")'],
      ['1.5', 'CATALOGUE_CACHE_MS: must be a whole number of milliseconds (got "1.5")'],
    ]) {
      expect(() => loadConfig({ CATALOGUE_CACHE_MS: value })).toThrow(message);
    }
  });
});
