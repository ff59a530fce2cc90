import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { multipart, PNG } from '../../../test/multipart.js';

const { app, ctx } = await useTestApp();
const { cookie } = await signUpAndLogin(app);
const upload = (name: string, type: string, data: Buffer, headers: Record<string, string> = { cookie }) => {
  const body = multipart({}, [{ field: 'file', name, type, data }]);
  return app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, ...headers } });
};
const storedFiles = async () => {
  const root = path.join(ctx.config.dataDir, 'uploads');
  const dirs = await readdir(root).catch(() => [] as string[]);
  return (await Promise.all(dirs.map(async (d) => (await readdir(path.join(root, d))).map((f) => `${d}/${f}`)))).flat().sort();
};

it('re-encodes an image without its EXIF and location data and makes a thumbnail', async () => {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d0e4f0' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'IntraoralCam', Copyright: 'Patient 4711' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1' } })
    .toBuffer();
  expect((await sharp(photo).metadata()).exif).toBeDefined();

  const res = await upload('scan photo.jpg', 'image/jpeg', photo);
  expect(res.statusCode).toBe(201);
  const body = res.json();
  expect(body).toMatchObject({ resource_type: 'image', original_filename: 'scan photo.jpg' });
  expect(body.secure_url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.jpg$/);

  const served = await app.inject({ method: 'GET', url: body.secure_url });
  expect(served.headers['content-type']).toBe('image/jpeg');
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(served.rawPayload).metadata();
  expect(meta.exif).toBeUndefined();
  expect(served.rawPayload.includes(Buffer.from('Patient 4711'))).toBe(false);
  expect([meta.width, meta.height]).toEqual([800, 600]);

  const thumb = await sharp((await app.inject({ method: 'GET', url: body.thumbnail_url })).rawPayload).metadata();
  expect(thumb).toMatchObject({ format: 'webp', width: 320 });
});

it('refuses a file that claims to be an image but is not (415), keeping nothing', async () => {
  const before = await storedFiles();
  const byType = await upload('x.bin', 'image/png', Buffer.from('definitely not a png, just text'));
  const byName = await upload('photo.jpg', 'application/octet-stream', Buffer.from('MZ executable bytes here'));
  for (const res of [byType, byName]) {
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TYPE_REFUSED', message: 'The file must be an image (JPEG, PNG, WebP or GIF).' });
  }
  // A valid header with a broken body fails in the decoder, also as 415.
  const truncated = await upload('broken.png', 'image/png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]));
  expect(truncated.statusCode).toBe(415);
  expect(await storedFiles()).toEqual(before);
});

it('refuses an image over 10 MB with 413 and keeps nothing', async () => {
  const before = await storedFiles();
  const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 10, 1)]);
  const res = await upload('huge.jpg', 'image/jpeg', big);
  expect(res.statusCode).toBe(413);
  expect(res.json().message).toBe('The image is too large (10 MB at most).');
  expect(await storedFiles()).toEqual(before);
});

it('holds images only: a program, a web page, an SVG, a video or a mesh is refused (415), keeping nothing', async () => {
  const before = await storedFiles();
  const refused: Array<[string, string, Buffer]> = [
    ['setup.exe', 'application/octet-stream', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])],
    ['page.html', 'text/html', Buffer.from('<!doctype html><script>alert(document.cookie)</script>')],
    ['logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['lesson.mp4', 'video/mp4', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(100)])],
    ['crown 11.stl', 'model/stl', Buffer.from('solid crown\nendsolid crown\n')],
  ];
  for (const [name, type, data] of refused) {
    const res = await upload(name, type, data);
    expect(res.statusCode, name).toBe(415);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TYPE_REFUSED', message: 'The file must be an image (JPEG, PNG, WebP or GIF).' });
  }
  expect(await storedFiles()).toEqual(before);
});

it('requires a login and a file', async () => {
  expect((await upload('a.png', 'image/png', Buffer.from('x'), {})).statusCode).toBe(401);
  const noFile = await app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie, 'content-type': 'application/json' }, payload: {} });
  expect(noFile.statusCode).toBe(400);
  expect(noFile.json().message).toBe('Please provide a valid file.');
});

it('does not let a path escape the media folder', async () => {
  for (const url of ['/media/../../etc/passwd', '/media/images/..%2F..%2Fpglite%2Fcusp.pid', '/media/%2e%2e/x.png']) {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  }
});

describe('GET /media', () => {
  it('serves only the public media folders; private keys are not found even when they exist', async () => {
    const { Readable } = await import('node:stream');
    for (const key of ['cases/secret.stl', 'course-videos/secret.mp4', 'anything/else.png']) {
      await ctx.storage.put(key, Readable.from([Buffer.from('private bytes')]));
      expect((await app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
    }
    await ctx.storage.put('images/public.png', Readable.from([PNG]));
    expect((await app.inject({ method: 'GET', url: '/media/images/public.png' })).statusCode).toBe(200);
  });
});
