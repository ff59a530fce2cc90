import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { Storage } from './storage.js';

/** One byte range of `size` bytes from a Range header; 'unsatisfiable' or null (whole file). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null; // malformed or multi-range: send it all (RFC 9110)
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** A filename safe in a header, with the UTF-8 original for browsers that read it (RFC 6266). */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_').slice(0, 150) || 'file';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename.slice(0, 150))}`;
}

/**
 * Streams a stored object with HTTP Range support (206, 416), for downloads and video. The caller
 * decides who may read it; this only sends.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: { contentType: string; filename?: string; disposition?: 'attachment' | 'inline'; cacheControl?: string },
) {
  const size = await storage.size(key);
  if (size === null) throw new AppError('MEDIA_NOT_FOUND');
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', options.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', options.cacheControl ?? 'private, no-cache');
  if (options.filename) reply.header('content-disposition', contentDisposition(options.disposition ?? 'attachment', options.filename));
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  const found = await storage.get(key, range ?? undefined);
  if (!found) throw new AppError('MEDIA_NOT_FOUND');
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  }
  return reply.header('content-length', range ? range.end - range.start + 1 : size).send(found.body);
}
