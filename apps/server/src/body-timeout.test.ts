import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogin, useTestApp } from '../test/helper.js';
import { asciiStl } from '../test/mesh-samples.js';
import { sphereStl } from './platform/mesh/test-meshes.js';
import { multipart } from '../test/multipart.js';

/**
 * Bodies that are not uploads have a short limit (docs/decisions/0049), 30 s by default, 600 ms here; uploads keep
 * REQUEST_TIMEOUT_MS (an hour by default, 20 s here). Over a real socket: each test trickles its body.
 */
const LIMIT_MS = 600;
const { app } = await useTestApp({ BODY_TIMEOUT_MS: String(LIMIT_MS), HEADERS_TIMEOUT_MS: '10000', REQUEST_TIMEOUT_MS: '20000', IDLE_TIMEOUT_MS: '20000' });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as AddressInfo).port;

interface Answer {
  status: number | null;
  text: string;
  /** ms from connecting to the server's close of the connection. */
  closedAfter: number;
}

/** Sends `head`, then `body` in `pieces` chunks `everyMs` apart; resolves when the connection closes. */
function trickle(head: string, body: Buffer, { pieces, everyMs }: { pieces: number; everyMs: number }): Promise<Answer> {
  return new Promise((resolve) => {
    const start = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    // A server that never closes: given up after 8 s (then `closedAfter` says so).
    const giveUp = setTimeout(() => socket.destroy(), 8_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      const text = Buffer.concat(chunks).toString('utf8');
      const status = text.match(/^HTTP\/1\.1 (\d{3}) /);
      resolve({ status: status ? Number(status[1]) : null, text, closedAfter: Date.now() - start });
    });
    socket.on('connect', () => {
      socket.write(head);
      const size = Math.ceil(body.length / pieces);
      let sent = 0;
      timer = setInterval(() => {
        if (socket.destroyed || sent >= body.length) return clearInterval(timer);
        socket.write(body.subarray(sent, sent + size));
        sent += size;
      }, everyMs);
    });
  });
}

/** A request's head; `connection: close` unless `keepAlive`, as a browser would keep it. */
const headOf = (url: string, headers: Record<string, string | number>, { keepAlive = false } = {}) =>
  `POST ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: ${keepAlive ? 'keep-alive' : 'close'}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;

describe('a body trickled to a route that is not an upload', () => {
  it('is answered 408 REQUEST_TIMEOUT and closed soon after the short limit, long before the request timeout', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'someone@example.com', password: 'wrong-password-1', pad: ' '.repeat(200) }));
    // 40 pieces 100 ms apart: 4 s to send, never idle.
    const answer = await trickle(headOf('/api/auth/login', { 'content-type': 'application/json', 'content-length': body.length }), body, { pieces: 40, everyMs: 100 });
    expect(answer.status, answer.text).toBe(408);
    expect(answer.text).toContain('"code":"REQUEST_TIMEOUT"');
    expect(answer.text.toLowerCase()).toContain('connection: close');
    expect(answer.closedAfter).toBeGreaterThanOrEqual(LIMIT_MS - 50);
    expect(answer.closedAfter).toBeLessThan(3_000);
  });

  it('is cut soon after the answer when the route never reads it (a multipart body where none is taken)', async () => {
    const form = multipart({ name: 'x', email: 'x@example.com', subject: 'x', message: 'x'.repeat(5000) });
    // Kept alive, Node would read the rest (4 s) and then hold the connection for the next request.
    const answer = await trickle(headOf('/api/support/tickets', { ...form.headers, 'content-length': form.payload.length }, { keepAlive: true }), form.payload, { pieces: 40, everyMs: 100 });
    expect(answer.status).not.toBeNull();
    expect(answer.status!).toBeLessThan(500);
    expect(answer.closedAfter).toBeLessThan(3_000);
  });
});

describe('an upload trickled past the short limit', () => {
  it('is not cut at that limit: it is stored (201)', async () => {
    const owner = await signUpAndLogin(app);
    const form = multipart({}, [{ field: 'file', name: 'crown.stl', type: 'application/octet-stream', data: asciiStl() }]);
    // 12 pieces 150 ms apart: about 1.8 s, three times the short limit.
    const answer = await trickle(
      headOf('/api/file/upload', { ...form.headers, 'content-length': form.payload.length, cookie: owner.cookie }),
      form.payload,
      { pieces: 12, everyMs: 150 },
    );
    expect(answer.status, answer.text).toBe(201);
    expect(answer.closedAfter).toBeGreaterThan(3 * LIMIT_MS);
  });
});

it('takes a JSON body that arrives within the limit, whole or in pieces', async () => {
  const body = Buffer.from(JSON.stringify({ email: 'someone@example.com', password: 'wrong-password-1' }));
  const answer = await trickle(headOf('/api/auth/login', { 'content-type': 'application/json', 'content-length': body.length }), body, { pieces: 3, everyMs: 50 });
  expect(answer.status, answer.text).toBe(401);
});

it('never holds back an upload that arrives at once: a 2 MB case file is answered without waiting for any limit', async () => {
  // The short limit as long as it may be: an upload the guard held until it (a multipart body piped into a guard that
  // nobody reads stalls once the guard's buffer is full) would not be answered within the test's own time.
  const slow = await buildTestApp({ BODY_TIMEOUT_MS: '3600000', REQUEST_TIMEOUT_MS: '3600000' });
  try {
    await slow.app.listen({ host: '127.0.0.1', port: 0 });
    const owner = await signUpAndLogin(slow.app);
    const form = multipart({}, [{ field: 'file', name: 'quadrant.stl', type: 'application/octet-stream', data: sphereStl(10, 120, 90) }]);
    expect(form.payload.length).toBeGreaterThan(1_000_000);
    const res = await fetch(`http://127.0.0.1:${(slow.app.server.address() as AddressInfo).port}/api/order-files`, {
      method: 'POST',
      headers: { ...form.headers, cookie: owner.cookie },
      body: form.payload,
      signal: AbortSignal.timeout(30_000),
    });
    expect(res.status, await res.text()).toBe(201);
  } finally {
    await slow.close();
  }
});
