import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.js';
import { createContext } from '../src/bootstrap.js';
import { loadConfig, type Config } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { dumpPglite, openDatabase, type Database, type QueryListener } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { SESSION_COOKIE } from '../src/modules/auth/index.js';
import { createScratchDatabase } from './postgres.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The PostgreSQL database of this app, when TEST_DATABASE_URL is set. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A whole app on a fresh database: in-memory PGlite by default, or, when TEST_DATABASE_URL is set,
 * a new database on that PostgreSQL server (created here, dropped on close).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    databaseUrl?: string;
    /** Told every SQL statement the app runs (to count queries). */
    onQuery?: QueryListener;
    /** Told every route the app registers. */
    onRoute?: BuildOptions['onRoute'];
    /** The app's request log (pino options, e.g. a `stream` to read it); none by default. */
    logger?: BuildOptions['logger'];
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cusp-test-'));
  // A second instance on the same database (scale-out tests) neither creates nor drops it.
  const { databaseUrl, dropDatabase } = options.databaseUrl
    ? { databaseUrl: options.databaseUrl, dropDatabase: async () => {} }
    : await freshPostgres();
  const config: Config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', ...env });
  const database = await openDatabase({
    databaseUrl,
    dataDir: null,
    onQuery: options.onQuery,
    from: databaseUrl ? undefined : await migratedPglite(),
  });
  const ctx = await createContext(config, pino({ level: 'silent' }), { database, outboxDir: null });
  const app = await buildApp(ctx, { onRoute: options.onRoute, logger: options.logger });
  await app.ready();
  contexts.set(app, ctx);
  return {
    app,
    ctx,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds one app for the file and closes it after the last test. */
export async function useTestApp(env?: Record<string, string>, options?: { onRoute?: BuildOptions['onRoute'] }): Promise<TestApp> {
  const t = await buildTestApp(env, options);
  afterAll(() => t.close());
  return t;
}

let migratedDump: Promise<Blob> | undefined;
/**
 * A migrated, empty PGlite database's files, made once per worker (files share a worker's modules: isolate is
 * off): each app opens a copy, which skips PGlite's initdb and the migrations (docs/decisions/0040).
 */
function migratedPglite(): Promise<Blob> {
  migratedDump ??= (async () => {
    const template: Database = await openDatabase({ dataDir: null });
    try {
      await template.migrate();
      return await dumpPglite(template);
    } finally {
      await template.close();
    }
  })();
  return migratedDump;
}

async function freshPostgres(): Promise<{ databaseUrl?: string; dropDatabase: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { dropDatabase: async () => {} };
  const scratch = await createScratchDatabase(adminUrl);
  return { databaseUrl: scratch.url, dropDatabase: scratch.drop };
}

/** The context of each app built here, so that the sign-up helpers can confirm a test user's address. */
const contexts = new WeakMap<FastifyInstance, AppContext>();

/** Lets the sign-up helpers confirm addresses and wait for mail on an app built without buildTestApp (benchmarks). */
export function knowContext(app: FastifyInstance, ctx: AppContext) {
  contexts.set(app, ctx);
}

/**
 * Marks the user's address confirmed (ADR 0050), as opening the mailed link would: most tests sell, pay or save
 * payout details, which wait for it. The link itself is tested in modules/auth/verification.test.ts.
 */
export async function confirmEmail(app: FastifyInstance, email: string) {
  const ctx = contexts.get(app);
  if (!ctx) throw new Error('confirmEmail: the app was not built by buildTestApp');
  await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email.toLowerCase()));
}

/** Options of the sign-up helpers. */
export interface SignUpOptions {
  /** false: the user's address stays unconfirmed, as after signing up (default true: confirmed). */
  verified?: boolean;
}

let counter = 0;
/** A valid sign-up body; each call makes a new, unique user unless overridden. */
export function newUserInput(overrides: Partial<Record<string, string>> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user_${tag}`,
    email: `user_${tag}@example.com`,
    password: 'correct-horse-1',
    confirmPassword: 'correct-horse-1',
    phone: '+966 50 123 4567',
    ...overrides,
  };
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

let addressCounter = Math.floor(Math.random() * 1_000_000);
/**
 * Registers a fresh user, confirms their address unless `verified: false`, and logs in; returns the user JSON and the
 * Cookie header to send.
 */
export async function signUpAndLogin(app: FastifyInstance, overrides: Partial<Record<string, string>> = {}, options: SignUpOptions = {}) {
  const input = newUserInput(overrides);
  // Each test user signs up from its own address, so suites with many users stay under the sign-up limit.
  const n = addressCounter++;
  const remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const reg = await app.inject({ method: 'POST', url: '/api/auth/register', payload: input, remoteAddress });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  // The confirmation mail is sent by the durable queue: waited for, so that a test counting mail counts from here.
  await contexts.get(app)?.jobs.drain();
  if (options.verified !== false) await confirmEmail(app, reg.json().user.email);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: input.email, password: input.password },
  });
  return { input, user: res.json().user, cookie: sessionCookieOf(res) };
}

/** Signs up, logs in and completes the designer profile (docs/product.md §4.5); returns the designer and cookie. */
export async function signUpDesigner(app: FastifyInstance, profile: Record<string, unknown> = {}, options: SignUpOptions = {}) {
  const session = await signUpAndLogin(app, {}, options);
  const res = await app.inject({
    method: 'PATCH',
    url: '/api/users/profile',
    headers: { cookie: session.cookie },
    payload: { role: ['Crown'], experience: '3-5', description: 'Crowns and bridges in exocad.', isDesigner: true, ...profile },
  });
  if (res.statusCode !== 200) throw new Error(`designer profile failed: ${res.statusCode} ${res.body}`);
  return { ...session, user: res.json() };
}

/** A valid `POST /services` body. */
export function newServiceInput(overrides: Record<string, unknown> = {}) {
  return {
    tags: ['Crown'],
    title: 'Anatomic zirconia crown design',
    description: 'Full-contour crown designed in exocad, STL ready for milling.',
    toothPrice: 25,
    unitOrArch: 'unit',
    ...overrides,
  };
}

/**
 * Reads until `done` holds, for at most 20 s (a loaded machine): for what arrives a moment after its cause (a database
 * notification after its commit, a message through Redis). Returns the last value read, for the test to assert on.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
