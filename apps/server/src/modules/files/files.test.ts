import http from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { asciiStl, binaryStl, emptyZip, garbageStl, obj, paddedToStlSize, plyWithColours } from '../../../test/mesh-samples.js';
import { multipart, PNG } from '../../../test/multipart.js';
import { deleteExpiredFiles } from './files.service.js';

const { app, ctx } = await useTestApp();
const owner = await signUpAndLogin(app);
const stranger = await signUpAndLogin(app);

function upload(name: string, data: Buffer, fields: Record<string, string> = {}, cookie = owner.cookie) {
  const body = multipart(fields, [{ field: 'file', name, type: 'application/octet-stream', data }]);
  return app.inject({ method: 'POST', url: '/api/file/upload', payload: body.payload, headers: { ...body.headers, cookie } });
}
const tokenOf = (link: string) => link.split('/').pop()!;
const blobs = async () => (await readdir(path.join(ctx.config.dataDir, 'uploads', 'cases')).catch(() => [])).sort();

describe('POST /file/upload', () => {
  it.each([
    ['crown.stl', binaryStl, 'stl'],
    ['crown-ascii.STL', asciiStl, 'stl'],
    ['scan.ply', plyWithColours, 'ply'],
    ['model.obj', obj, 'obj'],
    ['case.zip', emptyZip, 'zip'],
    ['photo.png', () => PNG, 'png'],
  ])('accepts %s with server-set dates and an unguessable link', async (name, make, type) => {
    const data = make();
    const res = await upload(name, data, { uploadDate: '2000-01-01', expiryDate: '2999-01-01', link: 'mine' });
    expect(res.statusCode).toBe(201);
    const rec = res.json();
    expect(rec).toMatchObject({ name, size: data.length, type });
    const upload_ = new Date(rec.uploadDate).getTime();
    expect(Math.abs(upload_ - Date.now())).toBeLessThan(60_000);
    expect(new Date(rec.expiryDate).getTime() - upload_).toBe(30 * 86_400_000);
    expect(rec.link).toMatch(/^http:\/\/localhost:3000\/api\/files\/[A-Za-z0-9_-]{43}$/);
    expect(rec.shareUrl).toBe(rec.link.replace('/api/files/', '/share/'));
  });

  it('accepts a JPEG too', async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    expect((await upload('intraoral.jpg', jpeg)).json().type).toBe('jpeg');
  });

  it('uses the name field when given', async () => {
    expect((await upload('x.stl', binaryStl(), { name: 'Patient 12 upper arch' })).json().name).toBe('Patient 12 upper arch');
  });

  it.each([
    ['an executable renamed .stl', 'tool.stl', () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)])],
    ['an HTML page renamed .png', 'cute.png', () => Buffer.from('<html><script>alert(1)</script></html>')],
    // Shorter than declared is FILE_CUT_SHORT (case-file-routes.test.ts); longer is not a mesh of that count.
    ['a binary STL longer than its triangle count', 'bad.stl', () => Buffer.concat([binaryStl(), Buffer.alloc(50)])],
    ['text that is not OBJ', 'notes.obj', () => Buffer.from('hello there\nthis is not a mesh\n')],
    ['an unknown type', 'virus.exe', () => Buffer.from('MZ....')],
    // Sized 84 + 50 n, as a binary STL would be: the content, not the size, tells (docs/decisions/0020).
    ['a Windows program padded to a binary STL size', 'scan.stl', () => paddedToStlSize('MZ\x90\x00', 20, 0x90)],
    ['an ELF program padded to a binary STL size', 'scan.stl', () => paddedToStlSize('\x7fELF')],
    ['a PDF padded to a binary STL size', 'scan.stl', () => paddedToStlSize('%PDF-1.7')],
    ['a ZIP renamed .stl', 'scan.stl', () => paddedToStlSize('PK\x03\x04')],
    ['an HTML page padded to a binary STL size', 'scan.stl', () => paddedToStlSize('<!DOCTYPE html><script>')],
    ['an SVG padded to a binary STL size', 'scan.stl', () => paddedToStlSize('<?xml version="1.0"?><svg>')],
    ['a PNG renamed .stl', 'scan.stl', () => paddedToStlSize(PNG.subarray(0, 8))],
    ['a binary STL whose triangles are not numbers', 'scan.stl', () => garbageStl('nan')],
    ['a binary STL whose vertices are 1e38 mm away', 'scan.stl', () => garbageStl('huge')],
  ])('refuses %s with 415 and keeps nothing', async (_what, name, make) => {
    const data = make();
    const before = await blobs();
    const count = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n;
    const res = await upload(name, data);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('FILE_TYPE_REFUSED');
    expect(await blobs()).toEqual(before);
    expect((await ctx.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n).toBe(count);
  });

  it('needs a login and a file', async () => {
    const body = multipart({}, [{ field: 'file', name: 'a.stl', type: 'model/stl', data: binaryStl() }]);
    expect((await app.inject({ method: 'POST', url: '/api/file/upload', payload: body.payload, headers: body.headers })).statusCode).toBe(401);
    const noFile = multipart({ name: 'x' });
    const res = await app.inject({ method: 'POST', url: '/api/file/upload', payload: noFile.payload, headers: { ...noFile.headers, cookie: owner.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please provide a valid file.');
    // A body cut off mid-way (or with the wrong boundary) is a bad request, not a server error.
    const broken = await app.inject({ method: 'POST', url: '/api/file/upload', payload: noFile.payload, headers: { 'content-type': 'multipart/form-data; boundary=other', cookie: owner.cookie } });
    expect(broken.statusCode).toBe(400);
  });
});

describe('the 200 MB limit, over a real socket', () => {
  async function send(body: Readable | null, headers: Record<string, string | number>) {
    await app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const port = (app.server.address() as { port: number }).port;
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/api/file/upload', headers: { cookie: owner.cookie, ...headers } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'EPIPE' || (e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
      if (body) body.pipe(req);
      else req.end();
    });
  }

  it('streams a 201 MB upload without keeping it, answering 413 and storing nothing', async () => {
    const before = await blobs();
    const boundary = 'cusplimit';
    const total = 201 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    async function* parts() {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.stl"\r\nContent-Type: model/stl\r\n\r\nsolid big\n`);
      for (let sent = 0; sent < total; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const rss = process.memoryUsage().rss;
    const res = await send(Readable.from(parts()), { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('The file is larger than 200 MB.');
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
    expect(await blobs()).toEqual(before);
  });

  it('refuses a declared oversize body before reading it', async () => {
    const res = await send(null, { 'content-type': 'multipart/form-data; boundary=x', 'content-length': 300 * 1024 * 1024 });
    expect(res.status).toBe(413);
  });
});

describe('listing, links and deleting', () => {
  it("lists only the caller's files, newest first", async () => {
    const a = (await upload('first.stl', binaryStl())).json();
    const b = (await upload('second.stl', binaryStl())).json();
    const theirs = (await upload('theirs.stl', binaryStl(), {}, stranger.cookie)).json();
    const mine = (await app.inject({ method: 'GET', url: '/api/file', headers: { cookie: owner.cookie } })).json().map((f: { _id: string }) => f._id);
    expect(mine.slice(0, 2)).toEqual([b._id, a._id]);
    expect(mine).not.toContain(theirs._id);
  });

  it('serves the bytes to anyone with the link, as a safe attachment, with Range', async () => {
    const data = binaryStl();
    const rec = (await upload('x.stl', data, { name: 'upper "arch"; rm -rf.stl' })).json();
    const url = `/api/files/${tokenOf(rec.link)}`;
    const whole = await app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename="upper _arch__ rm -rf.stl"; filename\*=UTF-8''/);
    expect(whole.headers['accept-ranges']).toBe('bytes');

    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=80-83' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 80-83/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(80, 84))).toBe(true);
    const tail = await app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(data.subarray(-10))).toBe(true);
    const beyond = await app.inject({ method: 'GET', url, headers: { range: `bytes=${data.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${data.length}`);

    const info = await app.inject({ method: 'GET', url: `${url}/info` });
    expect(info.json()).toEqual({ name: rec.name, size: data.length, type: 'stl', uploadDate: rec.uploadDate, expiryDate: rec.expiryDate, link: rec.link });
    expect((await app.inject({ method: 'GET', url: '/api/files/not-a-real-token' })).statusCode).toBe(404);
  });

  it("refuses to delete another user's file (403) and keeps it", async () => {
    const rec = (await upload('keep.stl', binaryStl())).json();
    const res = await app.inject({ method: 'DELETE', url: '/api/file/delete', headers: { cookie: stranger.cookie }, payload: { link: rec.link } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only delete your own files.');
    expect((await app.inject({ method: 'GET', url: `/api/files/${tokenOf(rec.link)}` })).statusCode).toBe(200);
  });

  it('deletes for the owner: the link then answers 404 and the blob is gone', async () => {
    const before = await blobs();
    const rec = (await upload('gone.stl', binaryStl())).json();
    const res = await app.inject({ method: 'DELETE', url: '/api/file/delete', headers: { cookie: owner.cookie }, payload: { link: rec.link } });
    expect(res.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: `/api/files/${tokenOf(rec.link)}` })).statusCode).toBe(404);
    expect(await blobs()).toEqual(before);
  });
});

describe('expiry (D21)', () => {
  it('answers 410 once expired, and the job then removes record and blob (404 after)', async () => {
    const rec = (await upload('old.stl', binaryStl())).json();
    const url = `/api/files/${tokenOf(rec.link)}`;
    const [row] = await ctx.db.select().from(files).where(eq(files.id, rec._id));
    // A controlled clock: the job runs "31 days later".
    const later = new Date(Date.now() + 31 * 86_400_000);
    await ctx.db.update(files).set({ expiryDate: new Date(Date.now() - 1000) }).where(eq(files.id, rec._id));
    const expired = await app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This link has expired');
    expect((await app.inject({ method: 'GET', url: `${url}/info` })).statusCode).toBe(410);

    const fresh = (await upload('fresh.stl', binaryStl())).json();
    expect(await deleteExpiredFiles(ctx, new Date())).toBeGreaterThanOrEqual(1);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await ctx.storage.size(row!.storageKey)).toBeNull();
    expect((await app.inject({ method: 'GET', url: `/api/files/${tokenOf(fresh.link)}` })).statusCode).toBe(200);
    // Everything is gone 31 days on.
    await deleteExpiredFiles(ctx, later);
    expect((await app.inject({ method: 'GET', url: '/api/file', headers: { cookie: owner.cookie } })).json()).toEqual([]);
  });
});
