import { Readable } from 'node:stream';

/** Builds a multipart/form-data body for app.inject, as a browser would send it. */
export function multipart(fields: Record<string, string>, files: Array<{ field: string; name: string; type: string; data: Buffer }> = []) {
  const boundary = '----cusptest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A multipart body as a stream with no Content-Length (sent chunked, as a client that does not declare
 * its size): `head` then filler bytes up to `size` bytes of file, made as they are read.
 */
export function streamedMultipart(file: { field: string; name: string; type: string; head: Buffer; size: number }) {
  const boundary = '----cusptest' + Math.random().toString(16).slice(2);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  async function* parts() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`);
    yield file.head;
    for (let left = file.size - file.head.length; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { payload: Readable.from(parts()), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
