import { createClient } from 'redis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimitedMessage } from '@cusp/shared';
import { AppError } from '../../errors.js';
import { addressKey } from '../client-address.js';
import { LIMITS, type LimitName } from './limits.js';

/**
 * The product's rate limits (docs/decisions/0021), one small interface over rate-limiter-flexible:
 * counters in Redis when REDIS_URL is set, so that every instance shares them (falling back to memory
 * while Redis is unreachable), in memory otherwise. Figures come from the one table, `LIMITS`.
 */
export interface Limits {
  /** Counts one event for `key`; past the limit, throws the 429 AppError with Retry-After. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Counts one event in each (per user and per address, say); throws with the longest wait if any is past its limit. */
  consumeAll(checks: ReadonlyArray<readonly [LimitName, string]>): Promise<void>;
  /** Counts one event; the seconds to wait when it went past the limit, else null (limits that stay silent). */
  take(name: LimitName, key: string): Promise<number | null>;
  /** Seconds left while `key` is over its limit, without counting anything; null when it is not. */
  blockedFor(name: LimitName, key: string): Promise<number | null>;
  /** Adds one to a counter and says how many it holds now (never throws for the limit). */
  count(name: LimitName, key: string): Promise<number>;
  /** Puts `key` over its limit for `seconds`. */
  block(name: LimitName, key: string, seconds: number): Promise<void>;
  reset(name: LimitName, key: string): Promise<void>;
  close(): Promise<void>;
}

/** The 429 every limit answers: which kind of request, and for how long, also as Retry-After. */
export function tooMany(name: LimitName, seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError('RATE_LIMITED', { message: rateLimitedMessage(LIMITS[name].what, wait), headers: { 'retry-after': String(wait) } });
}

const secondsOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

function limitsOver(make: (name: LimitName) => RateLimiterAbstract, close: () => Promise<void>): Limits {
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  const limiter = (name: LimitName) => {
    let l = limiters.get(name);
    if (!l) limiters.set(name, (l = make(name)));
    return l;
  };
  // A per-address limit counts a network, not one address of it (an IPv6 /64, ADR 0049), whoever calls it.
  const keyOf = (name: LimitName, key: string) => ('byAddress' in LIMITS[name] ? addressKey(key) : key);
  const take = async (name: LimitName, key: string) => {
    try {
      await limiter(name).consume(keyOf(name, key));
      return null;
    } catch (rejection) {
      // Past the limit, the library rejects with its result; anything else is a real failure.
      if (rejection instanceof RateLimiterRes) return secondsOf(rejection);
      throw rejection;
    }
  };
  return {
    take,
    async consume(name, key) {
      const wait = await take(name, key);
      if (wait !== null) throw tooMany(name, wait);
    },
    async consumeAll(checks) {
      const waits = await Promise.all(checks.map(([name, key]) => take(name, key)));
      let worst = -1;
      for (let i = 0; i < waits.length; i++) if (waits[i] != null && (worst < 0 || waits[i]! > waits[worst]!)) worst = i;
      if (worst >= 0) throw tooMany(checks[worst]![0], waits[worst]!);
    },
    async blockedFor(name, key) {
      const res = await limiter(name).get(keyOf(name, key));
      // The memory store keeps a record until its timer fires; one whose time is up no longer counts.
      if (!res || res.msBeforeNext <= 0 || res.consumedPoints <= LIMITS[name].points) return null;
      return secondsOf(res);
    },
    async count(name, key) {
      return (await limiter(name).penalty(keyOf(name, key))).consumedPoints;
    },
    async block(name, key, seconds) {
      await limiter(name).block(keyOf(name, key), Math.max(1, Math.ceil(seconds)));
    },
    async reset(name, key) {
      await limiter(name).delete(keyOf(name, key));
    },
    close,
  };
}

const options = (name: LimitName) => ({ keyPrefix: `cusp:rl:${name}`, points: LIMITS[name].points, duration: LIMITS[name].seconds });

export function memoryLimits(): Limits {
  return limitsOver((name) => new RateLimiterMemory(options(name)), async () => {});
}

/** Shared by every instance; while Redis is unreachable each instance counts in its own memory. */
export async function redisLimits(url: string): Promise<Limits> {
  const client = createClient({ url });
  // Errors surface through the commands (and the memory fallback); the client reconnects by itself.
  client.on('error', () => {});
  await client.connect();
  return limitsOver(
    (name) =>
      new RateLimiterRedis({
        ...options(name),
        storeClient: client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options(name)),
      }),
    async () => {
      if (client.isOpen) await client.quit();
    },
  );
}
