import type { ErrorCode } from '@cusp/shared';
import { Transform, type Readable } from 'node:stream';
import { fieldError } from '../../errors.js';
import type { Storage } from './storage.js';

/**
 * Passes at most `limit` bytes on; past that it drops the rest (the request still drains) and sets
 * `exceeded`, which the caller checks to answer 413. Size is enforced while streaming, without
 * error events racing through the pipeline.
 */
export function byteLimit(limit: number): Transform & { exceeded: boolean } {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      seen += chunk.length;
      if (seen > limit) {
        limiter.exceeded = true;
        return callback();
      }
      callback(null, chunk);
    },
  }) as Transform & { exceeded: boolean };
  limiter.exceeded = false;
  return limiter;
}

export const tooLarge = (code: ErrorCode, field: string) => fieldError(code, field);

/**
 * True when @fastify/multipart (busboy) cut the file at its `limits.fileSize`: the stream then simply
 * ends early, with no error for a consumer of `request.file()`, so a cut file would pass as whole.
 */
export const wasCut = (source: Readable | undefined) => (source as { truncated?: boolean } | undefined)?.truncated === true;

/**
 * Streams `body` into storage under `key`, refusing (413) and removing it past `limit` bytes, or when
 * `source` (the multipart file stream `body` reads from) was cut at the parser's own limit.
 */
export async function putLimited(storage: Storage, key: string, body: Readable, limit: number, code: ErrorCode, field: string, source?: Readable) {
  const limiter = byteLimit(limit);
  try {
    const result = await storage.put(key, body.pipe(limiter));
    if (limiter.exceeded || wasCut(source)) throw tooLarge(code, field);
    return result;
  } catch (error) {
    body.resume();
    await storage.delete(key);
    throw error;
  }
}
