import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { LRUCache } from 'lru-cache';
import { Counter, type Registry } from 'prom-client';
import { checkDroppedKeys } from './response-check.js';

/**
 * One answer as the route sends it: the JSON body already serialized (a hit costs no serialization)
 * and the headers that go with it (`x-total-count`). Never anything that depends on who asks.
 */
export interface CachedAnswer<Body extends string | Buffer = string | Buffer> {
  /** Text, or UTF-8 bytes where they are at hand (the catalogue index keeps each row's). */
  body: Body;
  headers?: Record<string, string>;
}

export interface ResponseCache<Body extends string | Buffer = string | Buffer> {
  /** False when the TTL is 0: getOrCompute then always computes, without sharing. */
  readonly enabled: boolean;
  /**
   * The answer stored under `key` if it is younger than the TTL; otherwise `compute`'s, stored for the
   * next callers. Concurrent misses for one key run `compute` once and share its answer (or its error;
   * errors are never stored). An answer whose computation started before the last `clear()` is
   * given to its waiters but not stored, as it may have been read before the change that cleared.
   */
  getOrCompute(key: string, compute: () => Promise<CachedAnswer<Body>>): Promise<CachedAnswer<Body>>;
  /** Forgets every answer, and every computation in flight for later callers. */
  clear(): void;
  /** Entries held (expired ones included until they are looked up or pushed out). */
  size(): number;
}

export interface ResponseCacheOptions {
  /** The `cache` label of the lookups counter. */
  name: string;
  /** How long an answer is served, from the start of its computation; 0 disables the cache. */
  ttlMs: number;
  /** At most this many answers; the least recently used go first. */
  maxEntries?: number;
  /** At most this many characters (or bytes) of bodies in all; the least recently used go first. */
  maxChars?: number;
  /** Where `cusp_response_cache_lookups_total{cache,result}` is counted (result: hit, miss, shared). */
  registry?: Registry;
  /** The clock TTLs are measured on (tests); performance.now() by default. */
  now?: () => number;
}

const LOOKUPS = 'cusp_response_cache_lookups_total';

function lookupsCounter(registry: Registry): Counter<'cache' | 'result'> {
  const existing = registry.getSingleMetric(LOOKUPS);
  if (existing) return existing as Counter<'cache' | 'result'>;
  return new Counter({
    name: LOOKUPS,
    help: 'Response cache lookups: hit (stored answer), miss (computed), shared (joined a computation in flight).',
    labelNames: ['cache', 'result'],
    registers: [registry],
  });
}

/** A small in-process cache of whole JSON answers, for public reads that are the same for every viewer. */
export function createResponseCache<Body extends string | Buffer = string | Buffer>(options: ResponseCacheOptions): ResponseCache<Body> {
  const { ttlMs, maxEntries = 1000, maxChars = 32 * 1024 * 1024, now = () => performance.now() } = options;
  const enabled = ttlMs > 0;
  const counter = options.registry ? lookupsCounter(options.registry) : null;
  const count = (result: 'hit' | 'miss' | 'shared') => {
    const child = counter?.labels({ cache: options.name, result });
    return () => child?.inc();
  };
  const countHit = count('hit');
  const countMiss = count('miss');
  const countShared = count('shared');

  // Bounded by count and by size (an answer larger than maxChars is served but not stored); expired answers stay
  // until looked up or pushed out. ttlResolution 0: every look-up reads the clock (lru-cache would otherwise
  // reuse a reading for 1 ms, behind a timer).
  const entries = new LRUCache<string, CachedAnswer<Body>>({
    max: maxEntries,
    maxSize: maxChars,
    sizeCalculation: (answer) => Math.max(1, answer.body.length),
    ttl: Math.max(1, ttlMs),
    ttlResolution: 0,
    perf: { now },
  });
  const inflight = new Map<string, Promise<CachedAnswer<Body>>>();
  let generation = 0;

  return {
    enabled,
    getOrCompute(key, compute) {
      if (!enabled) return compute();
      const stored = entries.get(key); // an expired answer is deleted here, and not answered
      if (stored) {
        countHit();
        return Promise.resolve(stored);
      }
      const running = inflight.get(key);
      if (running) {
        countShared();
        return running;
      }
      countMiss();
      const started = now();
      const startedIn = generation;
      // compute runs a microtask later, so `work` is in the map before it can settle.
      const work: Promise<CachedAnswer<Body>> = Promise.resolve()
        .then(compute)
        .then((answer) => {
          // The TTL runs from the start of the computation: what it read is that old.
          if (startedIn === generation) entries.set(key, answer, { start: started });
          return answer;
        })
        .finally(() => {
          if (inflight.get(key) === work) inflight.delete(key);
        });
      inflight.set(key, work);
      return work;
    },
    clear() {
      generation += 1;
      entries.clear();
      inflight.clear();
    },
    size: () => entries.size,
  };
}

/** The cache key of a validated query: its defined values, keys sorted, so equal queries share it. */
export function queryKey(prefix: string, query: object): string {
  const defined = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${prefix}:${JSON.stringify(defined)}`;
}

/** JSON as Fastify sends an object from a route without a response schema (JSON.stringify, this content type). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The body of a cached answer, through the route's response schema (docs/decisions/0039): what Fastify's serializer
 * does for an object, done once when the answer is computed, since a cached string is sent as it is.
 */
export function jsonWith<S extends z.ZodType>(schema: S, value: z.input<S>): string {
  checkDroppedKeys(schema, value, 'A cached answer');
  return JSON.stringify(schema.parse(value));
}

/** Sends a cached answer: the same bytes and headers as the route sending the object itself. */
export function sendAnswer(reply: FastifyReply, answer: CachedAnswer) {
  if (answer.headers) reply.headers(answer.headers);
  return reply.header('content-type', JSON_CONTENT_TYPE).send(answer.body);
}
