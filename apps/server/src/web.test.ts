import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web.js';

async function webApp(files: Record<string, string>): Promise<{ app: FastifyInstance; root: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'cusp-web-'));
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(root, name), text);
    await writeFile(path.join(root, `${name}.br`), brotliCompressSync(text));
  }
  const app = Fastify();
  await registerWebApp(app, root);
  await app.ready();
  return { app, root };
}

describe('the web app', () => {
  let built: { app: FastifyInstance; root: string };
  beforeAll(async () => {
    built = await webApp({
      'index.html': 'EMPTY SHELL',
      'home.en.html': 'HOME IN ENGLISH',
      'home.ar.html': 'HOME IN ARABIC',
      'shell.en.html': 'FRAME IN ENGLISH',
      'shell.ar.html': 'FRAME IN ARABIC',
    });
  });
  afterAll(async () => {
    await built.app.close();
    await rm(built.root, { recursive: true, force: true });
  });

  it('sends the home page prerendered in the language of the lang cookie, English by default', async () => {
    const visitor = await built.app.inject({ method: 'GET', url: '/' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toBe('HOME IN ENGLISH');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers.vary).toMatch(/cookie/i);

    const arabic = await built.app.inject({ method: 'GET', url: '/?ref=mail', headers: { cookie: 'theme=x; lang=ar' } });
    expect(arabic.body).toBe('HOME IN ARABIC');
    const unknown = await built.app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=fr' } });
    expect(unknown.body).toBe('HOME IN ENGLISH');
  });

  it('sends the page frame, not the home page, to a browser with a session: the home page has a visitor header', async () => {
    const member = await built.app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=ar; cusp_session=abc' } });
    expect(member.body).toBe('FRAME IN ARABIC');
    expect(member.headers.vary).toMatch(/cookie/i);
  });

  it('sends the precompressed home page to a browser that accepts brotli', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=ar', 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(brotliCompressSync('HOME IN ARABIC'))).toBe(true);
  });

  it('sends the page frame in the reader\'s language for every other page, and 404 for the API and missing files', async () => {
    const gigs = await built.app.inject({ method: 'GET', url: '/gigs?cat=Crown' });
    expect(gigs.body).toBe('FRAME IN ENGLISH');
    expect(gigs.headers['cache-control']).toBe('no-cache');
    expect((await built.app.inject({ method: 'GET', url: '/courses/1', headers: { cookie: 'lang=ar' } })).body).toBe('FRAME IN ARABIC');
    expect((await built.app.inject({ method: 'GET', url: '/no/such/page', headers: { cookie: 'cusp_session=x' } })).body).toBe('FRAME IN ENGLISH');
    expect((await built.app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
    expect((await built.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('falls back to index.html when the build has no prerendered pages', async () => {
    const bare = await webApp({ 'index.html': 'EMPTY SHELL' });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=ar' } })).body).toBe('EMPTY SHELL');
      expect((await bare.app.inject({ method: 'GET', url: '/gigs' })).body).toBe('EMPTY SHELL');
    } finally {
      await bare.app.close();
      await rm(bare.root, { recursive: true, force: true });
    }
  });
});
