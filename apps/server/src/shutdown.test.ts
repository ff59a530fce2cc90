import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from './db/schema/index.js';
import { buildTestApp, newUserInput } from '../test/helper.js';

/** A raw HTTP POST with a fresh connection, answering status and body, or the network error's code. */
function post(port: number, path: string, body: object, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const data = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(data);
  });
}

it('closing while requests are in flight finishes them: no 500, no half-written record', async () => {
  const t = await buildTestApp({ TRUST_PROXY: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  let arrived = 0;
  t.app.server.on('request', () => void arrived++);
  const port = (t.app.server.address() as AddressInfo).port;
  // Sign-ups hash a password (tens of ms each, on the libuv pool), so many are still running when the close begins.
  const inputs = Array.from({ length: 8 }, (_, i) => newUserInput({ phone: `+1555000${i}` }));
  const pending = inputs.map((input, i) => post(port, '/api/auth/register', input, { 'x-forwarded-for': `10.9.0.${i}` }));
  while (arrived < inputs.length) await new Promise((r) => setTimeout(r, 5));
  const closing = t.app.close();
  const results = await Promise.all(pending);
  await closing;

  const statuses = results.map((r) => ('status' in r ? r.status : r.error));
  expect(statuses.every((s) => s === 201 || s === 503), JSON.stringify(statuses)).toBe(true);
  // Every answered sign-up exists, and nothing exists that was not answered 201.
  const created = inputs.filter((_, i) => statuses[i] === 201).map((input) => input.email.toLowerCase());
  const rows = await t.ctx.db.select({ email: users.email }).from(users).where(inArray(users.email, inputs.map((i) => i.email.toLowerCase())));
  expect(rows.map((r) => r.email).sort()).toEqual(created.sort());
  expect(created.length).toBeGreaterThan(0);
  await t.close();
}, 60_000);
