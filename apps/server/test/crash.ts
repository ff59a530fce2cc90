import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { binaryStl } from './mesh-samples.js';

/**
 * The crash test (docs/decisions/0053): the real server under load (orders paid, delivered, accepted, cancelled and
 * refunded, chat messages, password-reset mails) is killed with SIGKILL at random moments and started again on the
 * same database and data folder. Afterwards every request the server had answered with success has its effects
 * exactly once, every job has run, every order event has its chat message, every answered reset has its mail, and
 * the ledger balances against the payments and the refunds sent to the provider. Shared by the test suite (a short
 * run) and `npm run bench` (a long one); PostgreSQL only: a process killed mid-write of the embedded database is a
 * question about PGlite's files, not about what Cusp records.
 */

export interface CrashServer {
  port: number;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<unknown>;
}

export interface CrashOptions {
  kills: number;
  databaseUrl: string;
  dataDir: string;
  /** Starts the server with these settings (added to its own) and resolves once it answers. */
  start(env: Record<string, string>): Promise<CrashServer>;
  /** How long the load runs before each kill, at random between the two (ms). */
  killAfterMs?: [number, number];
  log?: (line: string) => void;
}

export interface CrashReport {
  kills: number;
  accepted: { paid: number; cancelled: number; completed: number; messages: number; resets: number };
  /** Requests cut by a kill (no answer): their effects may or may not exist, both are right. */
  cut: number;
  /** The first few 4xx answers that ended a case (a rate limit, say), to explain a run that reached little. */
  refused: string[];
  restartMs: number[];
  /** Every broken invariant, in words; empty when all held. */
  violations: string[];
}

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Dr Crash' };
const PASSWORD = 'crash-test-password-1';
/** The reset mails each address may be sent in an hour (limits.ts `forgotEmail`): asked no more often, each is due. */
const RESETS_PER_ADDRESS = 3;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are the API's, checked by its own tests
type Json = any;

class Cut extends Error {}
/** A request answered with an error: a 4xx ends the case (a limit, say); a 5xx is a defect the report lists. */
class Refused extends Error {
  constructor(readonly status: number, what: string) {
    super(what);
  }
}

/** One account's HTTP client against whichever server is running now. */
class Client {
  cookie = '';
  constructor(
    readonly server: () => CrashServer,
    readonly email: string,
  ) {}

  async call(method: string, url: string, body?: unknown): Promise<{ status: number; json: Json }> {
    const n = Math.floor(Math.random() * 2 ** 24);
    const headers: Record<string, string> = { cookie: this.cookie, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await fetch(`http://127.0.0.1:${this.server().port}/api${url}`, { method, headers, body: payload, signal: AbortSignal.timeout(20_000) });
    } catch {
      throw new Cut(); // the server died under the request: no answer, nothing known
    }
    const set = res.headers.getSetCookie().find((c) => c.startsWith('cusp_session='));
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text().catch(() => {
      throw new Cut();
    });
    let json: Json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json };
  }

  async ok(method: string, url: string, body?: unknown) {
    const res = await this.call(method, url, body);
    if (res.status >= 300) throw new Refused(res.status, `${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json;
  }
}

/** The token of the address-confirmation mail the queue wrote to the outbox for `email` (ADR 0050), once it is there. */
async function confirmationToken(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 300; i++) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const mail = JSON.parse(await readFile(path.join(outbox, file), 'utf8').catch(() => '{}')) as { to?: string; text?: string };
      const token = mail.to === email ? /\/verify-email\?token=([\w-]+)/.exec(mail.text ?? '')?.[1] : undefined;
      if (token) return decodeURIComponent(token);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation mail for ${email} in ${outbox}`);
}

/** A member as a person becomes one: signs up, confirms the address by the mailed link, signs in. */
async function signUp(server: () => CrashServer, dataDir: string, tag: string, designer = false): Promise<Client & { id: string }> {
  const email = `crash_${tag}@example.com`;
  const client = new Client(server, email) as Client & { id: string };
  await client.ok('POST', '/auth/register', { username: `crash_${tag}`, email, password: PASSWORD, confirmPassword: PASSWORD, phone: '+966 50 123 4567' });
  await client.ok('POST', '/auth/verify-email', { token: await confirmationToken(dataDir, email) });
  client.id = (await client.ok('POST', '/auth/login', { email, password: PASSWORD })).user._id;
  if (designer) await client.ok('PATCH', '/users/profile', { role: ['Crown'], experience: '3-5', description: 'Crowns for the crash test.', isDesigner: true });
  return client;
}

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => {});
  const [minWait, maxWait] = options.killAfterMs ?? [300, 1500];
  const env = { DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir, JOB_LEASE_MS: '1000', SEED_DEMO: 'false' };
  let server = await options.start(env);
  const current = () => server;
  const run = Date.now().toString(36);

  const designer = await signUp(current, options.dataDir, `${run}_designer`, true);
  const service = await designer.ok('POST', '/services', {
    tags: ['Crown'],
    title: 'Crash-test crown design',
    description: 'Full-contour crown designed in exocad, STL ready for milling.',
    toothPrice: 25,
    unitOrArch: 'unit',
    revisions: 1,
  });
  const buyers: Array<Client & { id: string }> = [];
  for (let i = 0; i < 12; i++) buyers.push(await signUp(current, options.dataDir, `${run}_buyer${i}`));
  const conversation = new Map<string, string>();
  for (const buyer of buyers) conversation.set(buyer.id, (await buyer.ok('POST', '/conversations', { to: designer.id, from: buyer.id }))._id);

  const accepted = { paid: new Set<string>(), cancelled: new Set<string>(), completed: new Set<string>(), messages: new Set<string>(), resets: new Map<string, number>(), resetsCut: new Map<string, number>() };
  let cut = 0;
  const serverErrors: string[] = [];
  const refused: string[] = [];
  let resetTurn = 0;
  const stl = binaryStl();

  /** One case from payment to its end; a kill cuts it anywhere. */
  const flow = async (buyer: Client & { id: string }) => {
    const intent = await buyer.ok('POST', '/payments/intents', { type: 'service', id: service._id, quantity: 1 });
    await buyer.ok('POST', `/payments/${intent._id}/sandbox-pay`, CARD);
    const paid = await buyer.call('PATCH', '/orders', { payment_intent: intent._id });
    if (paid.status !== 200) throw new Refused(paid.status, `confirm: ${paid.status} ${JSON.stringify(paid.json)}`);
    accepted.paid.add(intent.orderId);
    const clientId = `crash-${intent.orderId.slice(0, 8)}-${Math.random().toString(36).slice(2, 10)}`;
    const sent = await buyer.call('POST', '/messages', { conversationID: conversation.get(buyer.id), description: `About order ${intent.orderId}`, clientId });
    if (sent.status < 300) accepted.messages.add(clientId);
    // Each address is asked for at most as many resets as it may be mailed (the rest are silently not mailed).
    // A reset cut by a kill may have been recorded (its mail is then due) or not: it counts as asked, and later as
    // at most one mail.
    const answered = accepted.resets.get(buyer.email) ?? 0;
    const cutHere = accepted.resetsCut.get(buyer.email) ?? 0;
    if (answered + cutHere < RESETS_PER_ADDRESS && resetTurn++ % 2 === 0) {
      const reset = await buyer.call('POST', '/auth/forgot-password', { email: buyer.email }).catch((error: unknown) => {
        if (error instanceof Cut) accepted.resetsCut.set(buyer.email, cutHere + 1);
        throw error;
      });
      if (reset.status === 200) accepted.resets.set(buyer.email, answered + 1);
    }
    if (Math.random() < 0.4) {
      if ((await buyer.call('POST', `/orders/${intent.orderId}/cancel`, {})).status === 200) accepted.cancelled.add(intent.orderId);
      return;
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(stl)], { type: 'application/octet-stream' }), 'design.stl');
    const file = await designer.ok('POST', '/order-files', form);
    await designer.ok('POST', `/orders/${intent.orderId}/deliver`, { files: [file._id] });
    if ((await buyer.call('POST', `/orders/${intent.orderId}/accept`)).status === 200) accepted.completed.add(intent.orderId);
  };

  const restartMs: number[] = [];
  for (let kill = 1; kill <= options.kills; kill++) {
    let killed = false;
    const workers = buyers.slice(0, 4).map(async (_, w) => {
      for (let turn = 0; !killed; turn++) {
        try {
          await flow(buyers[(w + turn * 4) % buyers.length]!);
        } catch (error) {
          if (error instanceof Cut) cut += 1;
          else if (error instanceof Refused) {
            if (error.status >= 500) serverErrors.push(error.message);
            else if (refused.length < 20) refused.push(error.message);
          } else throw error;
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, minWait + Math.random() * (maxWait - minWait)));
    killed = true;
    server.kill('SIGKILL');
    await server.exited;
    await Promise.all(workers);
    const started = Date.now();
    server = await options.start(env);
    restartMs.push(Date.now() - started);
    log(`kill ${kill}/${options.kills}: restarted in ${restartMs.at(-1)} ms (${accepted.paid.size} orders paid so far)`);
  }

  const violations = [...serverErrors.map((e) => `server error: ${e}`), ...(await checkInvariants(options, accepted))];
  server.kill('SIGTERM');
  await server.exited;
  return {
    kills: options.kills,
    accepted: { paid: accepted.paid.size, cancelled: accepted.cancelled.size, completed: accepted.completed.size, messages: accepted.messages.size, resets: [...accepted.resets.values()].reduce((a, b) => a + b, 0) },
    cut,
    refused,
    restartMs,
    violations,
  };
}

async function checkInvariants(
  options: CrashOptions,
  accepted: { paid: Set<string>; cancelled: Set<string>; completed: Set<string>; messages: Set<string>; resets: Map<string, number>; resetsCut: Map<string, number> },
): Promise<string[]> {
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const violations: string[] = [];
  const q = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];
  try {
    // Everything recorded is carried out by the restarted server (a job held by a killed one waits out its lease).
    const deadline = Date.now() + 60_000;
    let left: Array<{ kind: string; key: string; last_error: string | null }> = [];
    do {
      left = await q(`select kind, key, last_error from jobs where done_at is null`);
      if (left.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    } while (Date.now() < deadline);
    for (const job of left) violations.push(`job ${job.kind} ${job.key} not done (${job.last_error ?? 'never tried'})`);

    const ids = (set: Set<string>) => [...set];
    for (const o of await q<{ id: string; status: string; paid: number }>(
      `select o.id, o.status, (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'paid') as paid from orders o where o.id = any($1)`,
      [ids(accepted.paid)],
    )) {
      if (o.status === 'pending_payment') violations.push(`order ${o.id}: payment confirmed but the order is unpaid`);
      if (o.paid !== 1) violations.push(`order ${o.id}: ${o.paid} "paid" events`);
    }
    const missing = (await q<{ id: string }>(`select id from orders where id = any($1)`, [ids(accepted.paid)])).length;
    if (missing !== accepted.paid.size) violations.push(`${accepted.paid.size - missing} confirmed orders missing`);
    for (const o of await q<{ id: string; status: string }>(`select id, status from orders where id = any($1) and status <> 'cancelled'`, [ids(accepted.cancelled)])) {
      violations.push(`order ${o.id}: cancelled but ${o.status}`);
    }
    for (const o of await q<{ id: string; status: string }>(`select id, status from orders where id = any($1) and status <> 'completed'`, [ids(accepted.completed)])) {
      violations.push(`order ${o.id}: accepted but ${o.status}`);
    }
    // A cancelled paid order: its payment refunded once, in the ledger and at the provider.
    for (const r of await q<{ id: string; refunds: number; sent: number; booked: number; amount: number }>(
      `select o.id, o.price as amount,
              (select count(*)::int from provider_refunds r join payments p on p.id = r.payment_id where p.item_id = o.id) as refunds,
              (select count(*)::int from provider_refunds r join payments p on p.id = r.payment_id where p.item_id = o.id and r.status = 'sent') as sent,
              (select coalesce(sum(l.amount), 0)::int from ledger_entries l where l.order_id = o.id and l.account = 'refunded') as booked
         from orders o where o.id = any($1)`,
      [ids(accepted.cancelled)],
    )) {
      if (r.refunds !== 1 || r.sent !== 1) violations.push(`order ${r.id}: ${r.refunds} refunds recorded, ${r.sent} sent`);
      if (r.booked !== r.amount) violations.push(`order ${r.id}: ${r.booked} refunded in the ledger, price ${r.amount}`);
    }
    // Every order event a transition made has its chat message, once.
    for (const e of await q<{ id: string; type: string; messages: number }>(
      `select e.id, e.type, (select count(*)::int from messages m where m.client_id = 'order-event-' || e.id) as messages
         from order_events e where e.type in ('paid', 'delivered', 'completed', 'cancelled')`,
    )) {
      if (e.messages !== 1) violations.push(`order event ${e.type} ${e.id}: ${e.messages} chat messages`);
    }
    const stored = await q<{ client_id: string; n: number }>(`select client_id, count(*)::int as n from messages where client_id = any($1) group by client_id`, [ids(accepted.messages)]);
    if (stored.length !== accepted.messages.size || stored.some((m) => m.n !== 1)) violations.push(`${accepted.messages.size - stored.length} answered chat messages missing`);

    // Every answered reset has its mail, once: one file per mail in the outbox (a mail resent after a crash replaces its own).
    const outbox = path.join(options.dataDir, 'outbox');
    const mails = await Promise.all((await readdir(outbox).catch(() => [] as string[])).map(async (f) => JSON.parse(await readFile(path.join(outbox, f), 'utf8')) as { to: string; text: string }));
    // A reset whose answer a kill cut may or may not have been recorded: between the answered and answered + cut.
    for (const email of new Set([...accepted.resets.keys(), ...accepted.resetsCut.keys()])) {
      const answered = accepted.resets.get(email) ?? 0;
      const cutShort = accepted.resetsCut.get(email) ?? 0;
      const got = mails.filter((m) => m.to === email && m.text.includes('/reset-password?token=')).length;
      if (got < answered || got > answered + cutShort) violations.push(`${email}: ${answered} resets answered, ${cutShort} cut by a kill, ${got} mails`);
    }

    // The books: zero-sum; each used payment taken once; the refunded money is what the provider was asked for.
    const [books] = await q<{ total: number; refunded: number; asked: number; unsent: number }>(
      `select (select coalesce(sum(amount), 0)::int from ledger_entries) as total,
              (select coalesce(sum(amount), 0)::int from ledger_entries where account = 'refunded') as refunded,
              (select coalesce(sum(amount), 0)::int from provider_refunds) as asked,
              (select count(*)::int from provider_refunds where status <> 'sent') as unsent`,
    );
    if (books!.total !== 0) violations.push(`the ledger sums to ${books!.total}`);
    if (books!.refunded !== books!.asked) violations.push(`refunded ${books!.refunded} in the ledger, ${books!.asked} asked of the provider`);
    if (books!.unsent !== 0) violations.push(`${books!.unsent} refunds never sent`);
    for (const p of await q<{ id: string; amount: number; funded: number }>(
      `select p.id, p.amount, (select coalesce(-sum(l.amount), 0)::int from ledger_entries l where l.payment_id = p.id and l.account = 'funding') as funded
         from payments p where p.used_at is not null`,
    )) {
      if (p.funded !== p.amount) violations.push(`payment ${p.id}: ${p.funded} booked in for ${p.amount} taken`);
    }
  } finally {
    await db.end();
  }
  return violations;
}
