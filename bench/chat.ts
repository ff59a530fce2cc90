/**
 * Chat speed (docs/decisions/0015): N authenticated sockets in pairs, each sending 1 message per second through
 * `message:send` for D seconds; prints acknowledgement and end-to-end latency percentiles, messages
 * lost and duplicated, on PGlite and on PostgreSQL. The server runs as its own process (the built
 * product), so the clients do not share its event loop.
 *
 * The first `--warmup` seconds (default 5) run the same load but are not measured: a server just started compiles its
 * code and fills its caches then (ADR 0046 gives both figures).
 *
 *   npm run build && npx tsx bench/chat.ts [--db=postgres|pglite|both] [--sockets=1000] [--duration=60] [--warmup=5]
 *     [--server=apps/server/dist/main.js] [--node-args="--cpu-prof --cpu-prof-dir=/tmp/prof"]
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, MessageJson, ServerToClientEvents } from '@cusp/shared';
import { openDatabase } from '../apps/server/src/db/client.js';
import { freshPostgresDatabase, printTable, saveResults } from './lib.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const which = arg('db', 'both');
const SOCKETS = Number(arg('sockets', '1000'));
const DURATION_S = Number(arg('duration', '60'));
const WARMUP_S = Number(arg('warmup', '5'));
const PAIRS = SOCKETS / 2;
const SERVER = arg('server', 'apps/server/dist/main.js');
const NODE_ARGS = arg('node-args', '').split(' ').filter(Boolean);

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

/** Users, sessions and one conversation per pair, written straight to the database before the server starts. */
async function seed(databaseUrl: string | undefined, dataDir: string) {
  const db = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : dataDir });
  await db.migrate();
  await db.query(`insert into users (username, email, password_hash, phone, is_designer)
    select 'chat' || i, 'chat' || i || '@bench.test', 'x', '+1', i % 2 = 0 from generate_series(0, ${SOCKETS - 1}) i`);
  const users = await db.query<{ id: string; username: string }>(`select id, username from users where email like '%@bench.test' order by (substr(username, 5))::int`);
  const tokens: string[] = [];
  for (const u of users) {
    const token = randomBytes(32).toString('base64url');
    tokens.push(token);
    await db.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [createHash('sha256').update(token).digest('hex'), u.id]);
  }
  const conversations: string[] = [];
  for (let p = 0; p < PAIRS; p++) {
    const [row] = await db.query<{ id: string }>(`insert into conversations (seller_id, buyer_id) values ($1, $2) returning id`, [users[2 * p]!.id, users[2 * p + 1]!.id]);
    conversations.push(row!.id);
  }
  await db.close();
  return { tokens, conversations };
}

async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [...NODE_ARGS, SERVER], { env: { ...process.env, ...env, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false)) return { url, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

async function run(kind: 'postgres' | 'pglite') {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cusp-chat-bench-'));
  const pgdb = kind === 'postgres' ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : null;
  const { tokens, conversations } = await seed(pgdb?.url, dataDir);
  const port = kind === 'postgres' ? '3611' : '3612';
  const { url, child } = await startServer({ PORT: port, DATA_DIR: dataDir, ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) });

  const clients: Client[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    // Four sockets per client address (a clinic's staff behind one), so the per-address chat limit (ADR 0021) is not
    // what is measured: 240 messages a minute per address, under its 1,000. Linux answers on all of 127.0.0.0/8.
    const address = i >> 2;
    const localAddress = `127.1.${Math.floor(address / 250) + 1}.${(address % 250) + 1}`;
    clients.push(io(url, { transports: ['websocket'], extraHeaders: { cookie: `cusp_session=${tokens[i]}` }, reconnection: false, forceNew: true, localAddress } as Parameters<typeof io>[1]));
    if (i % 50 === 49) await new Promise((r) => setTimeout(r, 50)); // do not stampede the accept queue
  }
  await Promise.all(clients.map((c) => (c.connected ? null : new Promise((resolve, reject) => { c.once('connect', () => resolve(null)); c.once('connect_error', reject); }))));

  const sentAt = new Map<string, number>(); // clientId -> ms
  const e2e: number[] = [];
  const acks: number[] = [];
  const received = new Map<number, Set<string>>(); // socket index -> message ids
  let duplicates = 0;
  let failedAcks = 0;
  clients.forEach((c, i) => {
    received.set(i, new Set());
    c.on('message:received', (m: MessageJson) => {
      const seen = received.get(i)!;
      if (seen.has(m._id)) duplicates++;
      seen.add(m._id);
      const t0 = sentAt.get(m.clientId);
      // End to end = sender's emit to the partner's arrival (the partner is the other socket of the pair).
      if (t0 !== undefined && m.userID && (i ^ 1) === senderIndex.get(m.clientId)) e2e.push(performance.now() - t0);
    });
  });
  const senderIndex = new Map<string, number>();
  const expected: Array<{ clientId: string; partner: number; id?: string }> = [];

  const start = performance.now();
  const timers = clients.map((c, i) =>
    setTimeout(() => {
      const tick = () => {
        const elapsed = performance.now() - start;
        if (elapsed > (WARMUP_S + DURATION_S) * 1000) return;
        const measured = elapsed >= WARMUP_S * 1000;
        const clientId = `b${i}x${randomBytes(6).toString('hex')}`;
        senderIndex.set(clientId, i);
        const entry = { clientId, partner: i ^ 1 } as { clientId: string; partner: number; id?: string };
        expected.push(entry);
        const t0 = performance.now();
        if (measured) sentAt.set(clientId, t0);
        c.timeout(10_000).emit('message:send', { conversationID: conversations[i >> 1]!, description: `bench ${clientId}`, clientId }, (err, ack) => {
          if (err || !ack.ok) failedAcks++;
          else {
            if (measured) acks.push(performance.now() - t0);
            entry.id = ack.message._id;
          }
        });
        setTimeout(tick, 1000);
      };
      tick();
    }, Math.random() * 1000),
  );
  await new Promise((r) => setTimeout(r, (WARMUP_S + DURATION_S) * 1000 + 1000));
  timers.forEach(clearTimeout);
  await new Promise((r) => setTimeout(r, 5000)); // grace for the last deliveries
  const lost = expected.filter((e) => !e.id || !received.get(e.partner)!.has(e.id)).length;
  clients.forEach((c) => c.disconnect());
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await pgdb?.drop();
  await rm(dataDir, { recursive: true, force: true });
  acks.sort((a, b) => a - b);
  e2e.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    db: kind,
    sockets: SOCKETS,
    sent: expected.length,
    warmupS: WARMUP_S,
    msgPerSec: Math.round(expected.length / (WARMUP_S + DURATION_S)),
    ackP50: round(percentile(acks, 50)),
    ackP99: round(percentile(acks, 99)),
    e2eP50: round(percentile(e2e, 50)),
    e2eP99: round(percentile(e2e, 99)),
    lost,
    duplicates,
    failedAcks,
  };
}

const rows = [];
for (const kind of which === 'both' ? (['postgres', 'pglite'] as const) : [which as 'postgres' | 'pglite']) rows.push(await run(kind));
printTable(`Chat: ${SOCKETS} sockets in pairs, 1 message/s each for ${WARMUP_S} s unmeasured then ${DURATION_S} s (latencies in ms; sent, lost and duplicates over both)`, rows);
await saveResults('chat', { rows });
