/**
 * Counters for rate limits (D6). One window per key: `hit` counts an attempt, `blockedFor` says how
 * many seconds remain when the limit is reached. In memory for one instance; the scale-out issue
 * adds a Redis store behind the same interface so instances share counts.
 */
export interface RateLimiter {
  hit(key: string, windowMs: number): Promise<number>;
  blockedFor(key: string, limit: number): Promise<number | null>;
  reset(key: string): Promise<void>;
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
