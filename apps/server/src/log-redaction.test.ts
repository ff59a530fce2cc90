import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogin } from '../test/helper.js';
import { asciiStl } from '../test/mesh-samples.js';
import { multipart } from '../test/multipart.js';
import { redactSecrets } from './platform/log-redaction.js';

/**
 * URLs that carry a secret (docs/decisions/0049): the log keeps each route's shape, never the secret. The app logs
 * at info, as in production, into `lines`.
 */
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const t = await buildTestApp({}, { logger: { level: 'info', stream } });
const { app } = t;
afterAll(() => t.close());

const secret = () => randomBytes(32).toString('base64url');
/** Everything logged while `work` runs. */
async function logOf(work: () => Promise<unknown>): Promise<string> {
  const from = lines.length;
  await work();
  // The "request completed" line is written after the answer.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return lines.slice(from).join('\n');
}

describe('the request log', () => {
  it('logs a share link as /api/files/[redacted] (the file, its info) and /share/[redacted]', async () => {
    const owner = await signUpAndLogin(app);
    const body = multipart({}, [{ field: 'file', name: 'crown.stl', type: 'application/octet-stream', data: asciiStl() }]);
    const uploaded = await app.inject({ method: 'POST', url: '/api/file/upload', payload: body.payload, headers: { ...body.headers, cookie: owner.cookie } });
    expect(uploaded.statusCode).toBe(201);
    const token = (uploaded.json().link as string).split('/').pop()!;
    const log = await logOf(async () => {
      expect((await app.inject({ method: 'GET', url: `/api/files/${token}` })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/api/files/${token}/info` })).statusCode).toBe(200);
      await app.inject({ method: 'GET', url: `/share/${token}` });
    });
    expect(log).not.toContain(token);
    expect(log).toContain('"url":"/api/files/[redacted]"');
    expect(log).toContain('"url":"/api/files/[redacted]/info"');
    expect(log).toContain('"url":"/share/[redacted]"');
  });

  it.each([
    ['the password-reset page', (s: string) => `/reset-password?token=${s}`, '/reset-password?token=[redacted]'],
    ['the e-mail change confirmation', (s: string) => `/api/account/email/confirm?token=${s}`, '/api/account/email/confirm?token=[redacted]'],
    ['the newsletter confirmation', (s: string) => `/api/newsletter/confirm?token=${s}`, '/api/newsletter/confirm?token=[redacted]'],
    ['the unsubscribe link', (s: string) => `/api/notifications/unsubscribe?u=0b6c7a52-0d9a-4a57-b1a6-2b1f3b8a0c11&k=chat&s=${s}`, '/api/notifications/unsubscribe?u=0b6c7a52-0d9a-4a57-b1a6-2b1f3b8a0c11&k=chat&s=[redacted]'],
  ])('logs %s without its token', async (_name, url, shape) => {
    const token = secret();
    const log = await logOf(async () => {
      await app.inject({ method: 'GET', url: url(token) });
      if (url(token).includes('unsubscribe')) await app.inject({ method: 'POST', url: url(token), payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    });
    expect(log).not.toContain(token);
    expect(log).toContain(`"url":"${shape}"`);
  });

  it("keeps the reset token of POST /api/auth/reset-password (in the body) out of the log, as the API's other bodies", async () => {
    const token = secret();
    const log = await logOf(() => app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'new-password-1', confirmPassword: 'new-password-1' } }));
    expect(log).toContain('/api/auth/reset-password');
    expect(log).not.toContain(token);
  });

  it('redacts a URL anywhere in a line: a `url` field, the message, an error', async () => {
    const token = secret();
    const log = await logOf(async () => {
      app.log.error({ url: `/api/files/${token}` }, 'request listener threw');
      app.log.info(`Route GET:/share/${token}?token=${token} not found`);
      app.log.error({ err: new Error(`failed on /api/newsletter/confirm?token=${token}`) }, 'failed');
    });
    expect(log).not.toContain(token);
    expect(log).toContain('/api/files/[redacted]');
    expect(log).toContain('Route GET:/share/[redacted]?token=[redacted] not found');
    expect(log).toContain('/api/newsletter/confirm?token=[redacted]');
  });
});

it('redactSecrets leaves URLs without secrets as they are', () => {
  for (const url of ['/api/files', '/api/file/upload', '/api/services?q=crown&sort=new', '/share', '/gigs?search=token']) expect(redactSecrets(url)).toBe(url);
  expect(redactSecrets('/api/files/abc%2Fdef?x=1&token=a&token=b')).toBe('/api/files/[redacted]?x=1&token=[redacted]&token=[redacted]');
});
