import { createClient } from 'redis';

/**
 * Counters for rate limits (D6). One window per key: `hit` counts an attempt, `blockedFor` says how
 * many seconds remain when the limit is reached. In memory for one instance; in Redis (below) when
 * REDIS_URL is set, so that several instances share the counts.
 */
export interface RateLimiter {
  hit(key: string, windowMs: number): Promise<number>;
  blockedFor(key: string, limit: number): Promise<number | null>;
  reset(key: string): Promise<void>;
  close?(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowMs) {
      const w = live(key) ?? { count: 0, resetAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return w.count;
    },
    async blockedFor(key, limit) {
      const w = live(key);
      if (!w || w.count < limit) return null;
      return Math.max(1, Math.ceil((w.resetAt - now()) / 1000));
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/**
 * Counters in Redis, shared by every instance (REDIS_URL). A window starts with the first hit: INCR
 * then PEXPIRE ... NX in one transaction, so the expiry is set once and never extended.
 */
export async function redisRateLimiter(url: string, prefix = 'cusp:rate:'): Promise<RateLimiter> {
  const client = createClient({ url });
  await client.connect();
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [count] = await client.multi().incr(k).pExpire(k, windowMs, 'NX').exec();
      return Number(count);
    },
    async blockedFor(key, limit) {
      const k = prefix + key;
      const [count, ttl] = await client.multi().get(k).pTTL(k).exec();
      if (count === null || Number(count) < limit) return null;
      return Math.max(1, Math.ceil(Number(ttl) / 1000));
    },
    async reset(key) {
      await client.del(prefix + key);
    },
    async close() {
      await client.quit();
    },
  };
}
