import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverData, startServer, type Child } from '../test/server-process.js';

/**
 * One request must never end the product (docs/decisions/0022), against the real server process (main.ts): odd Origin, Host and Cookie headers
 * on every entry point (HTTP GET and POST, pages, Socket.IO polling and WebSocket upgrades) never end the
 * process, and slow clients are cut off by the server's timeouts (small ones here, through the settings).
 */
const TIMEOUTS = { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '3000', IDLE_TIMEOUT_MS: '1500' };
const PUBLIC = 'https://cusp.test';

let data: Awaited<ReturnType<typeof serverData>>;
let server: Child;
beforeAll(async () => {
  data = await serverData('cusp-entry-', { ...TIMEOUTS, PUBLIC_URL: PUBLIC, METRICS_TOKEN: 'entry-points-metrics-token' });
  server = await startServer(data.env, { within: 90_000 });
  data.children.push(server);
}, 120_000);
afterAll(() => data?.cleanUp());

interface Answer {
  /** The status line's code, or null when the connection ended without one. */
  status: number | null;
  text: string;
  /** ms from connecting to the connection's close. */
  closedAfter: number;
}

/** Bytes sent as they are over a connection of its own; resolves on its 'close' with what came back. */
function raw(request: string | Buffer, options: { onConnect?: (socket: net.Socket) => void } = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const start = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port: server.port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // A 101 (an accepted upgrade) or a whole answer: nothing more to wait for.
      if (/^HTTP\/1\.1 101 /.test(Buffer.concat(chunks).toString('latin1'))) socket.end();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = text.match(/^HTTP\/1\.1 (\d{3}) /);
      resolve({ status: status ? Number(status[1]) : null, text, closedAfter: Date.now() - start });
    });
    socket.on('connect', () => {
      if (request.length) socket.write(request);
      options.onConnect?.(socket);
    });
  });
}

type Headers = Array<[string, string | Buffer]>;

/** A request (`Connection: close` unless it names one), its header values written byte for byte (latin1 or raw UTF-8). */
function request(method: string, url: string, headers: Headers, body = ''): Buffer {
  const lines: Buffer[] = [Buffer.from(`${method} ${url} HTTP/1.1\r\n`, 'latin1')];
  const connection: Headers = headers.some(([name]) => name === 'connection') ? [] : [['connection', 'close']];
  for (const [name, value] of [...headers, ...connection]) {
    lines.push(Buffer.from(`${name}: `, 'latin1'), typeof value === 'string' ? Buffer.from(value, 'latin1') : value, Buffer.from('\r\n'));
  }
  if (body || method === 'POST') lines.push(Buffer.from(`content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`));
  lines.push(Buffer.from(`\r\n${body}`));
  return Buffer.concat(lines);
}

const UPGRADE: Headers = [
  ['connection', 'Upgrade'],
  ['upgrade', 'websocket'],
  ['sec-websocket-version', '13'],
  ['sec-websocket-key', 'dGhlIHNhbXBsZSBub25jZQ=='],
];

/** Every way in: the API (read and write), pages, /metrics, /media, and both Socket.IO transports. */
const ENTRY_POINTS: Array<{ name: string; method: string; url: string; headers?: Headers; body?: string }> = [
  { name: 'GET /api/health', method: 'GET', url: '/api/health' },
  { name: 'GET /api/auth/me', method: 'GET', url: '/api/auth/me' },
  { name: 'GET /api/gigs', method: 'GET', url: '/api/gigs?limit=2' },
  { name: 'POST /api/auth/login', method: 'POST', url: '/api/auth/login', body: '{"email":"a@b.test","password":"x"}' },
  { name: 'POST /api/auth/logout', method: 'POST', url: '/api/auth/logout', body: '{}' },
  { name: 'GET / (a page)', method: 'GET', url: '/' },
  { name: 'GET /gigs (a rendered page)', method: 'GET', url: '/gigs' },
  { name: 'GET /metrics', method: 'GET', url: '/metrics' },
  { name: 'GET /media', method: 'GET', url: '/media/images/none.png' },
  { name: 'socket.io polling handshake', method: 'GET', url: '/socket.io/?EIO=4&transport=polling' },
  { name: 'socket.io WebSocket upgrade', method: 'GET', url: '/socket.io/?EIO=4&transport=websocket', headers: UPGRADE },
];

const ODD_ORIGINS: Array<string | Buffer> = [
  'null',
  'foo',
  'http://x:99999',
  'http://cusp.test',
  `https://${'a'.repeat(6000)}.test`,
  Buffer.from('https://cüsp.test', 'utf8'),
  Buffer.from([0x68, 0x74, 0x74, 0x70, 0x3a, 0x2f, 0x2f, 0xff, 0xfe]),
  '',
  ' ',
  '*',
  'javascript:alert(1)',
  'https://[::1',
];
const ODD_HOSTS: Array<string | Buffer> = ['', 'foo', 'x:99999', '[::1', `${'h'.repeat(6000)}.test`, Buffer.from('çusp.test', 'utf8'), 'cusp.test:0', '%00'];
const ODD_COOKIES: Array<string | Buffer> = [
  'cusp_session=%E0%A4%A',
  'cusp_session',
  '=;;;=;',
  'cusp_session="unterminated',
  'lang=%zz; tz=%; cusp_session=%',
  Buffer.from([0x63, 0x75, 0x73, 0x70, 0x5f, 0x73, 0x65, 0x73, 0x73, 0x69, 0x6f, 0x6e, 0x3d, 0xff, 0xfe, 0xfd]),
  `cusp_session=${'a'.repeat(12_000)}`,
  `cusp_session=${'b'.repeat(60_000)}`,
  Array.from({ length: 1000 }, (_, i) => `c${i}=${i}`).join('; '),
];

/** Runs `tasks` a few at a time (a shared CPU). */
async function inTurn<T>(tasks: Array<() => Promise<T>>, width = 6): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

async function health() {
  return (await raw(request('GET', '/api/health', [['host', `127.0.0.1:${server.port}`]]))).status;
}

describe('odd headers on every entry point', () => {
  it('Origin: null on a Socket.IO polling handshake, and Origin: foo on an upgrade, are refused with 403; the server lives', async () => {
    const host: [string, string] = ['host', 'cusp.test'];
    const polling = await raw(request('GET', '/socket.io/?EIO=4&transport=polling', [host, ['origin', 'null']]));
    expect(polling.status).toBe(403);
    const upgrade = await raw(request('GET', '/socket.io/?EIO=4&transport=websocket', [host, ['origin', 'foo'], ...UPGRADE]));
    expect(upgrade.status).toBe(403);
    // An http page against the https product: another site (the scheme counts).
    const http = await raw(request('GET', '/socket.io/?EIO=4&transport=polling', [host, ['origin', 'http://cusp.test']]));
    expect(http.status).toBe(403);
    const post = await raw(request('POST', '/api/auth/login', [host, ['origin', 'http://cusp.test']], '{}'));
    expect(post.status).toBe(403);
    expect(post.text).toContain('CROSS_SITE');
    // Our own origin still opens a socket, over both transports.
    const own = await raw(request('GET', '/socket.io/?EIO=4&transport=polling', [host, ['origin', PUBLIC]]));
    expect(own.status).toBe(200);
    const ownUpgrade = await raw(request('GET', '/socket.io/?EIO=4&transport=websocket', [host, ['origin', PUBLIC], ...UPGRADE]));
    expect(ownUpgrade.status).toBe(101);
    expect(server.alive()).toBe(true);
    expect(await health()).toBe(200);
  });

  it('odd Origin, Host and Cookie headers on every entry point: never a 5xx, the process lives, /api/health answers 200', { timeout: 120_000 }, async () => {
    const sent: Array<{ what: string; bytes: Buffer }> = [];
    for (const entry of ENTRY_POINTS) {
      const extra = entry.headers ?? [];
      const host: [string, string] = ['host', `127.0.0.1:${server.port}`];
      for (const origin of ODD_ORIGINS) sent.push({ what: `${entry.name} Origin ${String(origin).slice(0, 30)}`, bytes: request(entry.method, entry.url, [host, ['origin', origin], ...extra], entry.body) });
      for (const value of ODD_HOSTS) sent.push({ what: `${entry.name} Host ${String(value).slice(0, 30)}`, bytes: request(entry.method, entry.url, [['host', value], ...extra], entry.body) });
      for (const cookie of ODD_COOKIES) sent.push({ what: `${entry.name} Cookie ${String(cookie).slice(0, 30)}`, bytes: request(entry.method, entry.url, [host, ['cookie', cookie], ...extra], entry.body) });
      // All at once on one request, and a request with no Host at all.
      sent.push({ what: `${entry.name} all odd`, bytes: request(entry.method, entry.url, [['host', 'x:99999'], ['origin', 'null'], ['cookie', 'cusp_session=%'], ...extra], entry.body) });
      sent.push({ what: `${entry.name} no Host`, bytes: Buffer.from(`${entry.method} ${entry.url} HTTP/1.0\r\n\r\n`) });
    }
    const answers = await inTurn(sent.map(({ bytes }) => () => raw(bytes)));
    const serverErrors = answers.flatMap((answer, i) => (answer.status !== null && answer.status >= 500 ? [`${sent[i]!.what}: ${answer.text.slice(0, 200)}`] : []));
    expect(serverErrors).toEqual([]);
    // Refusals happened where they should: every odd Origin on a socket handshake is a 403.
    const socketOrigins = answers.filter((_, i) => /^socket\.io .* Origin /.test(sent[i]!.what) && !/Origin (| )$/.test(sent[i]!.what));
    expect(socketOrigins.map((a) => a.status)).toEqual(socketOrigins.map(() => 403));

    expect(server.alive(), server.output.join('\n')).toBe(true);
    expect(await health()).toBe(200);
    expect(server.output.join('\n')).not.toMatch(/uncaught|unhandled promise rejection|listener threw/);
  });
});

describe('slow clients are cut off (headers 1 s, whole request 3 s, idle 1.5 s here)', () => {
  /** Writes `text` one byte every `everyMs` from the connection's start; stops at close. */
  const trickle = (text: string, everyMs: number) => (socket: net.Socket) => {
    let i = 0;
    const timer = setInterval(() => {
      if (i < text.length && !socket.destroyed) socket.write(text[i++]!);
    }, everyMs);
    socket.on('close', () => clearInterval(timer));
  };
  const HEADERS = `GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ${'a'.repeat(200)}\r\n\r\n`;

  it('headers sent a byte at a time are closed after the headers timeout, long before they would end', async () => {
    const answer = await raw('', { onConnect: trickle(HEADERS, 200) });
    // 240 bytes at 5 a second would take 48 s; Node's default (60 s) would wait for them.
    expect(answer.closedAfter).toBeGreaterThanOrEqual(900);
    expect(answer.closedAfter).toBeLessThan(8_000);
    expect(answer.status === 408 || answer.status === null).toBe(true);
  });

  it('a body sent a byte at a time is closed after the request timeout, though never idle', async () => {
    const head = `POST /api/auth/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n`;
    const answer = await raw(head, { onConnect: trickle(' '.repeat(1000), 200) });
    expect(answer.closedAfter).toBeGreaterThanOrEqual(2_500);
    expect(answer.closedAfter).toBeLessThan(10_000);
  });

  it('a connection that stops sending mid-request is closed after the idle timeout', async () => {
    const head = `POST /api/auth/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{`;
    const answer = await raw(head);
    expect(answer.closedAfter).toBeGreaterThanOrEqual(1_300);
    expect(answer.closedAfter).toBeLessThan(2_900);
  });

  it('and the server still answers', async () => {
    expect(server.alive()).toBe(true);
    expect(await health()).toBe(200);
  });
});
