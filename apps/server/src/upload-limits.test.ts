import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserInput, signUpAndLogin, useTestApp } from '../test/helper.js';
import { streamedMultipart } from '../test/multipart.js';
import { uploadLimits } from './platform/storage/limits.js';

// Upload limits (docs/decisions/0020, 0021): every upload route refuses what passes its limit while it streams, with or without a
// Content-Length, and keeps nothing. Bodies here are chunked (no Content-Length) and a little over
// the limit; the limits are lowered to 1 MB so the test streams megabytes, not hundreds of them.
// The sign-up picture keeps its real 10 MB limit: its parser limit equals it, so the parser cuts the
// file there, silently, which is the case that was stored cut rather than refused.

const { app, ctx } = await useTestApp();
const user = await signUpAndLogin(app);
const designer = await signUpAndLogin(app);
const conversationId = (
  await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: user.cookie }, payload: { to: designer.user._id } })
).json().conversationID as string;

const MB = 1024 * 1024;
const saved = { ...uploadLimits };
beforeAll(() => Object.assign(uploadLimits, { caseFile: MB, image: MB, courseVideo: MB }));
afterAll(() => Object.assign(uploadLimits, saved));

/** Every stored object, as `folder/name` (temporary `.part` names included). */
async function stored(): Promise<string[]> {
  const root = path.join(ctx.config.dataDir, 'uploads');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
}

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]);
const STL_HEAD = Buffer.from('solid big\n');

describe.each([
  { url: '/api/uploads', name: 'photo.jpg', type: 'image/jpeg', head: JPEG_HEAD, message: 'The image is too large (10 MB at most).', code: 'IMAGE_TOO_LARGE' },
  { url: '/api/file/upload', name: 'scan.stl', type: 'model/stl', head: STL_HEAD, message: 'The file is larger than 200 MB.', code: 'FILE_TOO_LARGE' },
  { url: '/api/order-files', name: 'scan.stl', type: 'model/stl', head: STL_HEAD, message: 'The file is larger than 200 MB.', code: 'FILE_TOO_LARGE' },
  { url: `/api/conversations/${conversationId}/attachments`, name: 'scan.stl', type: 'model/stl', head: STL_HEAD, message: 'The file is larger than 200 MB.', code: 'FILE_TOO_LARGE' },
  { url: '/api/courses/videos', name: 'lesson.mp4', type: 'video/mp4', head: MP4_HEAD, message: undefined, code: 'VIDEO_TOO_LARGE' },
])('$url', ({ url, name, type, head, message, code }) => {
  it('answers 413 to a chunked body just over its limit and keeps nothing', async () => {
    const before = await stored();
    const body = streamedMultipart({ field: 'file', name, type, head, size: MB + 64 * 1024 });
    const res = await app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(code);
    if (message) expect(res.json().message).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('still takes a body of exactly its limit', async () => {
    if (type === 'image/jpeg') return; // filler bytes are not a decodable image
    if (url === '/api/order-files') return; // analysed at upload (ADR 0026): a megabyte of filler is no mesh; its limit is the case files' one, taken by /api/file/upload above
    const body = streamedMultipart({ field: 'file', name, type, head, size: MB });
    const res = await app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the sign-up picture (its real 10 MB limit)', () => {
  it('answers 413 to a chunked picture just over 10 MB and keeps nothing', async () => {
    Object.assign(uploadLimits, saved);
    try {
      const before = await stored();
      const input = newUserInput();
      const boundary = '----cusppicture';
      const fields = Object.entries(input)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('');
      const picture = streamedMultipart({ field: 'picture', name: 'me.jpg', type: 'image/jpeg', head: JPEG_HEAD, size: 10 * MB + 64 * 1024 });
      const pictureBoundary = picture.headers['content-type'].split('boundary=')[1]!;
      async function* body() {
        yield Buffer.from(fields.replaceAll(boundary, pictureBoundary));
        yield* picture.payload;
      }
      const { Readable } = await import('node:stream');
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: Readable.from(body()),
        headers: picture.headers,
        remoteAddress: '10.250.0.1',
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The image is too large (10 MB at most).');
      expect(await stored()).toEqual(before);
    } finally {
      Object.assign(uploadLimits, { caseFile: MB, image: MB, courseVideo: MB });
    }
  });
});
