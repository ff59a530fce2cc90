import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live (D20). Keys are server-made paths such as `images/<uuid>.png`.
 * Writes stream to a temporary name and are renamed when complete, so a failed upload leaves
 * nothing behind. The scale-out issue adds an S3-compatible adapter behind the same interface.
 */
export interface Storage {
  put(key: string, body: Readable): Promise<{ size: number }>;
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
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
    async get(key) {
      let file: string;
      try {
        file = resolve(key);
      } catch {
        return null;
      }
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(file), size: info.size };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
