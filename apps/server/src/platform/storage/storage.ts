import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live (docs/product.md §8.3, docs/decisions/0014). Keys are server-made paths such as `images/<uuid>.png`.
 * Writes stream to a temporary name and are renamed when complete, so a failed upload leaves
 * nothing behind. `s3.ts` is the S3-compatible adapter behind the same interface (STORAGE=s3).
 */
export interface Storage {
  put(key: string, body: Readable): Promise<{ size: number }>;
  /** The object's bytes (or the inclusive byte range asked for) and its full size; null when absent. */
  get(key: string, range?: { start: number; end: number }): Promise<{ body: Readable; size: number } | null>;
  /** Size in bytes, or null when absent, without opening the object. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  const safeResolve = (key: string) => {
    try {
      return resolve(key);
    } catch {
      return null;
    }
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(temp));
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { size: (await stat(file)).size };
    },
    async get(key, range) {
      const file = safeResolve(key);
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info?.isFile()) return null;
      return { body: createReadStream(file, range), size: info.size };
    },
    async size(key) {
      const file = safeResolve(key);
      const info = file ? await stat(file).catch(() => null) : null;
      return info?.isFile() ? info.size : null;
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
