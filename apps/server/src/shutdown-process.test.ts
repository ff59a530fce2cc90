import http from 'node:http';
import net from 'node:net';
import { expect, it } from 'vitest';
import { newUserInput } from '../test/helper.js';
import { serverData, startServer } from '../test/server-process.js';

/**
 * A graceful shutdown loses no request, as it happens in production: the real server (main.ts, run from source through tsx, so no
 * build is needed) in its own process is sent SIGTERM while sign-ups are on it. Every one of them ends
 * with 201 or 503, never a 500 or a connection cut without an answer; the process exits 0; and once
 * started again on the same data, every 201 is a whole account and no 503 left one.
 * shutdown.test.ts covers app.close() in-process; this covers main.ts's signal handling too.
 */
const REGISTER = '/api/auth/register';

type Outcome = { status: number; body: string } | { error: string };

/**
 * A JSON POST through `agent` (none: a connection of its own). `held` sends the headers and half the
 * body now and the rest on `finish()`: the request is on the server, waiting for its body, until then.
 */
function post(port: number, url: string, body: object, headers: Record<string, string>, options: { agent?: http.Agent; held?: boolean } = {}) {
  const data = Buffer.from(JSON.stringify(body));
  let req!: http.ClientRequest;
  const outcome = new Promise<Outcome>((resolve) => {
    req = http.request(
      { host: '127.0.0.1', port, path: url, method: 'POST', agent: options.agent ?? false, headers: { 'content-type': 'application/json', 'content-length': data.length, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  const half = Math.floor(data.length / 2);
  if (options.held) {
    req.flushHeaders();
    req.write(data.subarray(0, half));
  } else {
    req.end(data);
  }
  return { outcome, finish: () => void req.end(data.subarray(half)) };
}

/**
 * The same POST over a bare socket, of which only the request line goes now and the headers and body
 * on `finish()`: the server has begun reading it, but it reaches Fastify only when finished.
 */
function postInTwoParts(port: number, url: string, body: object, headers: Record<string, string>) {
  const data = JSON.stringify(body);
  const head = Object.entries({ host: `127.0.0.1:${port}`, connection: 'close', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)), ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.write(`POST ${url} HTTP/1.1\r\n`);
  const outcome = new Promise<Outcome>((resolve) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    socket.on('close', () => {
      const status = text.match(/^HTTP\/1\.1 (\d{3}) /);
      resolve(status ? { status: Number(status[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) } : { error: 'closed without an answer' });
    });
  });
  return { outcome, finish: () => void socket.write(`${head}\r\n${data}`) };
}

/** True once the port no longer takes connections (the server has closed its listener). */
function refusesConnections(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, output: string[]) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output.join('\n')}`);
    await new Promise((r) => setTimeout(r, 3));
  }
}

it('SIGTERM to the server process while sign-ups are on it: each ends 201 or 503, exit 0, and the data agrees', async () => {
  // PGlite in DATA_DIR; in the server-pg project (TEST_DATABASE_URL set) a scratch PostgreSQL database.
  const data = await serverData('cusp-shutdown-');
  const { env, children } = data;
  const agents: http.Agent[] = [];
  try {
    const first = await startServer(env);
    children.push(first);
    expect(first.output.join('\n')).toContain(`(database: ${data.database},`);
    const inputs = Array.from({ length: 40 }, () => newUserInput());
    const forwardedFor = (i: number) => ({ 'x-forwarded-for': `10.8.0.${i + 1}` });
    // Each client keeps its connection open after the answer, as browsers do.
    const register = (i: number, held: boolean) => {
      const agent = new http.Agent({ keepAlive: true });
      agents.push(agent);
      return post(first.port, REGISTER, inputs[i]!, forwardedFor(i), { agent, held });
    };
    // 0-7: only the request line is sent before the signal; the rest comes while the server closes.
    const unread = inputs.slice(0, 8).map((input, i) => postInTwoParts(first.port, REGISTER, input, forwardedFor(i)));
    // 8-23: headers and half the body before the signal (a slow upload), the other half while closing.
    const held = inputs.slice(8, 24).map((_, i) => register(8 + i, true));
    await waitFor(() => first.arrived(REGISTER) >= held.length, 'the held sign-ups to reach the server', first.output);
    // 24-39: whole, and the signal follows as soon as the server has them, while they hash passwords.
    const whole = inputs.slice(24).map((_, i) => register(24 + i, false));
    await waitFor(() => first.arrived(REGISTER) >= held.length + whole.length, 'every sign-up to reach the server', first.output);
    first.kill('SIGTERM');
    await waitFor(() => refusesConnections(first.port), 'the server to stop listening after SIGTERM', first.output);
    for (const r of [...unread, ...held]) r.finish();
    const results = await Promise.all([...unread, ...held, ...whole].map((r) => r.outcome));
    const code = await first.exited;

    const statuses = results.map((r) => ('status' in r ? r.status : r.error));
    expect(statuses.every((s) => s === 201 || s === 503), JSON.stringify(statuses)).toBe(true);
    expect(code, first.output.join('\n')).toBe(0);
    // Both endings happened: the requests the server had begun were finished, the unread ones refused.
    expect(statuses.slice(8)).toEqual(statuses.slice(8).map(() => 201));
    expect(statuses.slice(0, 8)).toEqual(statuses.slice(0, 8).map(() => 503));
    const told = new Map(
      results.flatMap((r, i) => ('status' in r && r.status === 201 ? [[inputs[i]!.email.toLowerCase(), JSON.parse(r.body).user as { id: string; username: string }]] : [])),
    );

    // The same data, a new process: each 201 is an account that logs in as what its client was told; each 503 left none.
    const second = await startServer(env);
    children.push(second);
    const logins = await Promise.all(
      inputs.map((input, i) => post(second.port, '/api/auth/login', { email: input.email, password: input.password }, forwardedFor(i)).outcome),
    );
    logins.forEach((login, i) => {
      const email = inputs[i]!.email.toLowerCase();
      const expected = told.get(email);
      if (!('status' in login)) throw new Error(`login of ${email} failed: ${login.error}`);
      if (expected) {
        expect(login.status, `${email} was told 201: ${login.body}`).toBe(200);
        const user = JSON.parse(login.body).user as { id: string; username: string; email: string };
        expect({ id: user.id, username: user.username, email: user.email }).toEqual({ id: expected.id, username: expected.username, email });
      } else {
        expect(login.status, `${email} was told 503: ${login.body}`).toBe(401);
      }
    });
    second.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    for (const agent of agents) agent.destroy();
    await data.cleanUp();
  }
}, 240_000);

it('SIGTERM while the server starts (creating the demo data): the step finishes, exit 0, and the next start has all of it', async () => {
  const data = await serverData('cusp-startup-', { SEED_DEMO: 'true' });
  const { env, children } = data;
  try {
    // The signal comes as the demo data starts being written (seconds of work on PGlite).
    const first = await startServer(env, { until: 'database ready' });
    children.push(first);
    first.kill('SIGTERM');
    expect(await first.exited, first.output.join('\n')).toBe(0);
    expect(first.output.join('\n')).toContain('SIGTERM: stopped before listening');

    // Started again on the same data: every part of the demo is there (not accounts without a catalogue).
    const second = await startServer(env);
    children.push(second);
    const base = `http://127.0.0.1:${second.port}/api`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@cusp.test', password: 'buyer-demo-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const list = async (url: string) => (await (await fetch(base + url, { headers: { cookie } })).json()) as unknown[];
    expect((await list('/gigs')).length).toBeGreaterThan(0);
    expect((await list('/orders')).length).toBeGreaterThan(0);
    expect((await list('/conversations')).length).toBeGreaterThan(0);
    expect((await list('/courses')).length).toBeGreaterThan(0);
    second.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    await data.cleanUp();
  }
}, 240_000);
