import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createResponseCache, queryKey, type CachedAnswer } from './response-cache.js';

/** A compute that counts its runs and answers `body-<run>`, settling when `release` is called (or at once). */
function counting(options: { hold?: boolean } = {}) {
  let runs = 0;
  const pending: Array<() => void> = [];
  const compute = async (): Promise<CachedAnswer> => {
    runs += 1;
    const run = runs;
    if (options.hold) await new Promise<void>((resolve) => pending.push(resolve));
    return { body: `body-${run}`, headers: { 'x-total-count': String(run) } };
  };
  return { compute, runs: () => runs, release: () => pending.splice(0).forEach((resolve) => resolve()) };
}

function clock(start = 1_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createResponseCache', () => {
  it('serves a stored answer until its TTL has passed, counted from the start of its computation', async () => {
    const time = clock();
    const cache = createResponseCache({ name: 't', ttlMs: 100, now: time.now });
    const c = counting();
    expect(await cache.getOrCompute('k', c.compute)).toEqual({ body: 'body-1', headers: { 'x-total-count': '1' } });
    time.advance(100);
    expect((await cache.getOrCompute('k', c.compute)).body).toBe('body-1');
    time.advance(1);
    expect((await cache.getOrCompute('k', c.compute)).body).toBe('body-2');
    expect(c.runs()).toBe(2);
    // Other keys are other answers.
    expect((await cache.getOrCompute('other', c.compute)).body).toBe('body-3');
  });

  it('runs one computation for concurrent misses of one key, and shares its answer', async () => {
    const cache = createResponseCache({ name: 't', ttlMs: 1000 });
    const c = counting({ hold: true });
    const answers = Array.from({ length: 20 }, () => cache.getOrCompute('k', c.compute));
    await Promise.resolve();
    c.release();
    const bodies = (await Promise.all(answers)).map((a) => a.body);
    expect(new Set(bodies)).toEqual(new Set(['body-1']));
    expect(c.runs()).toBe(1);
  });

  it('shares an error with the callers waiting for it but never stores it', async () => {
    const cache = createResponseCache({ name: 't', ttlMs: 1000 });
    let runs = 0;
    const failing = async (): Promise<CachedAnswer> => {
      runs += 1;
      await Promise.resolve();
      throw new Error('not found');
    };
    const both = [cache.getOrCompute('k', failing), cache.getOrCompute('k', failing)];
    for (const p of both) await expect(p).rejects.toThrow('not found');
    expect(runs).toBe(1);
    await expect(cache.getOrCompute('k', failing)).rejects.toThrow('not found');
    expect(runs).toBe(2);
    expect(cache.size()).toBe(0);
    // A compute that throws before its first await is an error like any other, not a stuck key.
    const sync = (() => {
      throw new Error('at once');
    }) as unknown as () => Promise<CachedAnswer>;
    await expect(cache.getOrCompute('s', sync)).rejects.toThrow('at once');
    expect((await cache.getOrCompute('s', counting().compute)).body).toBe('body-1');
  });

  it('clear() forgets answers, and one computed from before the clear is not stored', async () => {
    const cache = createResponseCache({ name: 't', ttlMs: 10_000 });
    const c = counting();
    await cache.getOrCompute('k', c.compute);
    cache.clear();
    expect(cache.size()).toBe(0);
    expect((await cache.getOrCompute('k', c.compute)).body).toBe('body-2');

    const slow = counting({ hold: true });
    const before = cache.getOrCompute('slow', slow.compute);
    await Promise.resolve();
    cache.clear(); // a write committed while the old answer was being read
    // A caller after the clear does not join the old computation...
    const after = cache.getOrCompute('slow', slow.compute);
    await Promise.resolve();
    slow.release();
    expect((await before).body).toBe('body-1');
    expect((await after).body).toBe('body-2');
    // ...and the old answer was not stored: the next caller gets the new one from the cache.
    expect((await cache.getOrCompute('slow', slow.compute)).body).toBe('body-2');
    expect(slow.runs()).toBe(2);
  });

  it('keeps at most maxEntries answers and maxChars of bodies, dropping the least recently used', async () => {
    const answer = (body: string) => async () => ({ body });
    const few = createResponseCache({ name: 't', ttlMs: 10_000, maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await few.getOrCompute(key, answer(key));
    expect(few.size()).toBe(3);
    expect((await few.getOrCompute('a', answer('a again'))).body).toBe('a again'); // dropped, so computed
    expect((await few.getOrCompute('d', answer('x'))).body).toBe('d'); // still there
    // Now c, a, d from least to most recently used: reading c makes a the one that goes when e arrives.
    expect((await few.getOrCompute('c', answer('x'))).body).toBe('c');
    await few.getOrCompute('e', answer('e'));
    expect((await few.getOrCompute('c', answer('x'))).body).toBe('c');
    expect((await few.getOrCompute('a', answer('a computed'))).body).toBe('a computed');

    const small = createResponseCache({ name: 't', ttlMs: 10_000, maxChars: 100 });
    for (const key of ['a', 'b', 'c']) await small.getOrCompute(key, answer(key.repeat(30)));
    await small.getOrCompute('d', answer('d'.repeat(30)));
    // 120 characters do not fit in 100: the oldest went.
    expect(small.size()).toBe(3);
    expect((await small.getOrCompute('a', answer('a again'))).body).toBe('a again');
    expect((await small.getOrCompute('d', answer('x'))).body).toBe('d'.repeat(30));
    // An answer larger than the whole budget is served, not stored, and pushes nothing out.
    const huge = 'z'.repeat(101);
    expect((await small.getOrCompute('huge', answer(huge))).body).toBe(huge);
    expect((await small.getOrCompute('huge', answer('computed again'))).body).toBe('computed again');
    expect((await small.getOrCompute('d', answer('x'))).body).toBe('d'.repeat(30));
  });

  it('with a TTL of 0 always computes, shares nothing and counts nothing', async () => {
    const registry = new Registry();
    const cache = createResponseCache({ name: 'off', ttlMs: 0, registry });
    expect(cache.enabled).toBe(false);
    const c = counting({ hold: true });
    const both = [cache.getOrCompute('k', c.compute), cache.getOrCompute('k', c.compute)];
    await Promise.resolve();
    c.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    c.release();
    expect((await Promise.all(both)).map((a) => a.body).sort()).toEqual(['body-1', 'body-2']);
    expect(cache.size()).toBe(0);
    expect(await registry.metrics()).not.toMatch(/cusp_response_cache_lookups_total\{/);
  });

  it('counts hits, misses and shared computations in the registry', async () => {
    const registry = new Registry();
    const cache = createResponseCache({ name: 'catalogue', ttlMs: 1000, registry });
    // A second cache in the same registry reuses the counter instead of failing to register it.
    createResponseCache({ name: 'other', ttlMs: 1000, registry });
    const c = counting({ hold: true });
    const first = cache.getOrCompute('k', c.compute);
    const second = cache.getOrCompute('k', c.compute);
    await Promise.resolve();
    c.release();
    await Promise.all([first, second]);
    await cache.getOrCompute('k', c.compute);
    await cache.getOrCompute('k', c.compute);
    const text = await registry.metrics();
    expect(text).toContain('cusp_response_cache_lookups_total{cache="catalogue",result="miss"} 1');
    expect(text).toContain('cusp_response_cache_lookups_total{cache="catalogue",result="shared"} 1');
    expect(text).toContain('cusp_response_cache_lookups_total{cache="catalogue",result="hit"} 2');
  });
});

describe('queryKey', () => {
  it('is the same for the same query whatever the order of its keys, and leaves out undefined values', () => {
    expect(queryKey('services', { sort: 'sales', limit: 24, search: undefined, offset: 0 })).toBe(queryKey('services', { offset: 0, limit: 24, sort: 'sales' }));
    expect(queryKey('services', { limit: 24 })).not.toBe(queryKey('services', { limit: 25 }));
    expect(queryKey('services', { limit: 24 })).not.toBe(queryKey('courses', { limit: 24 }));
    // Values cannot run into each other.
    expect(queryKey('s', { a: 'b,c' })).not.toBe(queryKey('s', { a: 'b', c: undefined, 'b,c': undefined }));
    expect(queryKey('s', { search: 'a"b' })).not.toBe(queryKey('s', { search: 'a', b: '' }));
  });
});
