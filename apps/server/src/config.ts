import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './platform/client-address.js';
import { parseKey } from './platform/secrets/sealed-box.js';

/**
 * The only reader of process.env. Everything the server can be told is here, validated once at
 * start; a wrong value stops the server with a message that names the variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

const millis = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(min, `must be between ${min} and ${max} milliseconds`)
    .max(max, `must be between ${min} and ${max} milliseconds`);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  /** The address people use to reach the product; links in e-mails and the allowed Origin. */
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD')
    .default('USD'),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Cusp <no-reply@cusp.dental>'),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@cusp.dental'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Who may tell the client's address (docs/decisions/0049): false, true (one proxy in front), a number of proxies,
   * or a list of proxy addresses and CIDR ranges. The client's address is the right-most one not a trusted proxy.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, context): TrustProxy => {
      const parsed = parseTrustProxy(text);
      if (parsed && 'error' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  /** When set, GET /metrics asks for `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * How long public catalogue answers (service and course lists, a visible service's page) are served from
   * memory; writes clear them at once (ADR 0016). 0 turns the cache off.
   */
  CATALOGUE_CACHE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be between 0 and 300000 milliseconds')
    .max(300_000, 'must be between 0 and 300000 milliseconds')
    .default(5000),
  /**
   * The services' list from the in-process catalogue index (ADR 0048): on by default; off answers it in SQL, for an
   * instance that must not hold the catalogue in memory (about 2 KB per service).
   */
  CATALOGUE_INDEX: bool.default(true),
  /**
   * Slow or stalled clients (docs/decisions/0022): the request's headers must arrive within
   * HEADERS_TIMEOUT_MS, the whole request (a 200 MB upload on a slow link included) within
   * REQUEST_TIMEOUT_MS, and a connection with nothing sent either way for IDLE_TIMEOUT_MS is closed.
   */
  HEADERS_TIMEOUT_MS: millis(100, 300_000).default(30_000),
  REQUEST_TIMEOUT_MS: millis(100, 86_400_000).default(3_600_000),
  IDLE_TIMEOUT_MS: millis(100, 3_600_000).default(120_000),
  /** A body the server reads itself (JSON, forms: every route but the uploads) must arrive within this (ADR 0049). */
  BODY_TIMEOUT_MS: millis(100, 3_600_000).default(30_000),
  /**
   * Notification e-mail (docs/decisions/0027): sent only if the notification is still unread this long after it
   * was made; chat messages at most one e-mail per conversation per NOTIFY_CHAT_BATCH_MS; the worker looks for
   * due e-mail every NOTIFY_MAIL_EVERY_MS. UNSUBSCRIBE_SECRET signs the unsubscribe links (default: a key the
   * database made at its first migration, shared by every instance).
   */
  NOTIFY_EMAIL_DELAY_MS: millis(0, 86_400_000).default(300_000),
  NOTIFY_CHAT_BATCH_MS: millis(0, 86_400_000).default(900_000),
  NOTIFY_MAIL_EVERY_MS: millis(100, 3_600_000).default(15_000),
  /**
   * How long an instance holds a job it claimed from the durable queue (docs/decisions/0053) before another may take
   * it again: the time an effect waits after its instance died mid-job. Longer than the slowest job (SMTP: 60 s).
   */
  JOB_LEASE_MS: millis(1_000, 3_600_000).default(120_000),
  UNSUBSCRIBE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Which payment provider takes card payments (docs/product.md §6.2). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe', 'moyasar'], { error: 'must be sandbox, stripe or moyasar' }).default('sandbox'),
  PLATFORM_FEE_PERCENT: z.coerce.number({ error: 'must be a number' }).min(0, 'must be between 0 and 50').max(50, 'must be between 0 and 50').default(10),
  /** The smallest payout a designer may request, in major units (docs/product.md §6.6). */
  PAYOUT_MINIMUM: z.coerce.number({ error: 'must be a number' }).min(0, 'must be 0 or more').max(100_000, 'must be at most 100000').default(50),
  /**
   * The AES-256-GCM key payout details are sealed with (docs/decisions/0043): 64 hex digits or base64 of 32 bytes.
   * Unset: a key made once under DATA_DIR/secrets (one instance; several must share this one).
   */
  PAYOUT_DETAILS_KEY: z
    .string()
    .refine((text) => parseKey(text) !== null, 'must be a 256-bit key: 64 hex digits (openssl rand -hex 32) or 44 base64 characters')
    .optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must start with sk_ or rk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must start with whsec_').optional(),
  STRIPE_API_URL: url(['https:', 'http:']).default('https://api.stripe.com'),
  /** How often the Stripe library retries a request lost on the network or answered 409/5xx (same idempotency key). */
  STRIPE_MAX_RETRIES: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be between 0 and 5').max(5, 'must be between 0 and 5').default(2),
  MOYASAR_SECRET_KEY: z.string().regex(/^sk_/, 'must start with sk_').optional(),
  MOYASAR_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must start with pk_').optional(),
  MOYASAR_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  MOYASAR_API_URL: url(['https:', 'http:']).default('https://api.moyasar.com'),
  /** Where uploads live: DATA_DIR/uploads, or a bucket on any S3-compatible store. */
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: url(['https:', 'http:']).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens')
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addresses (endpoint/bucket/key) work with MinIO, s3rver and most S3-compatible stores. */
  S3_FORCE_PATH_STYLE: bool.default(true),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Shared Socket.IO delivery across instances. */
  redisUrl: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  currency: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  sessionDays: number;
  /** Which peers may tell the client's address and scheme (platform/client-address.ts, ADR 0049). */
  trustProxy: TrustProxy;
  /** Secure cookies whenever the public address is https. */
  secureCookies: boolean;
  payments: PaymentsConfig;
  metricsToken: string | undefined;
  storage: StorageConfig;
  /** Public catalogue answers are cached this long (ms); 0: not cached (ADR 0016). */
  catalogueCacheMs: number;
  /** The services' list from the in-process index (ADR 0048); false: in SQL. */
  catalogueIndex: boolean;
  /** HTTP server timeouts, ms (ADR 0022); `body`: a body the server parses itself, i.e. not an upload (ADR 0049). */
  timeouts: { headers: number; request: number; idle: number; body: number };
  /** Notification e-mail (ADR 0027): delay before mailing an unread notification, chat batch window, worker period (ms). */
  notifications: { emailDelayMs: number; chatBatchMs: number; mailEveryMs: number; unsubscribeSecret: string | undefined };
  /** The durable job queue's lease (ms, ADR 0053). */
  jobLeaseMs: number;
}

/** Where uploads live (docs/product.md §8.3): DATA_DIR/uploads, or an S3-compatible bucket (scale-out). */
export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3Config);

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface PaymentsConfig {
  provider: 'sandbox' | 'stripe' | 'moyasar';
  feePercent: number;
  /** The smallest payout, major units. */
  payoutMinimum: number;
  /** PAYOUT_DETAILS_KEY as given (checked); null: the key file under DATA_DIR. */
  payoutDetailsKey: string | null;
  stripe: { secretKey: string; publishableKey: string | null; webhookSecret: string | null; apiUrl: string; maxRetries: number } | null;
  moyasar: { secretKey: string; publishableKey: string | null; webhookToken: string | null; apiUrl: string } | null;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * What a deployment of several instances (REDIS_URL set) must share but was left to each instance, as warnings
 * for the log at start: without PAYOUT_DETAILS_KEY each instance makes its own key file under DATA_DIR, and payout
 * details sealed by one could not be read by another (docs/decisions/0043).
 */
export function scaleOutWarnings(config: Config): string[] {
  if (!config.redisUrl || config.payments.payoutDetailsKey) return [];
  return ['REDIS_URL is set (several instances) but PAYOUT_DETAILS_KEY is not: each instance seals payout details with its own key file. Set the same PAYOUT_DETAILS_KEY on every instance.'];
}

/** Variables whose value is never repeated in an error. */
const SECRET_NAMES = ['PAYOUT_DETAILS_KEY'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      // A wrong key is still most of a key: never echoed into logs.
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}${SECRET_NAMES.includes(String(i.path[0])) ? '' : ` (got ${JSON.stringify(present[String(i.path[0])])})`}`),
    );
  }
  const e = parsed.data;
  const missing = (name: string) => `${name}: must be set when PAYMENT_PROVIDER is ${e.PAYMENT_PROVIDER}`;
  if (e.PAYMENT_PROVIDER === 'stripe' && !e.STRIPE_SECRET_KEY) throw new ConfigError([missing('STRIPE_SECRET_KEY')]);
  if (e.PAYMENT_PROVIDER === 'moyasar' && !e.MOYASAR_SECRET_KEY) throw new ConfigError([missing('MOYASAR_SECRET_KEY')]);
  if (e.STORAGE === 's3') {
    const absent = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !e[name]);
    if (absent.length) throw new ConfigError(absent.map((name) => `${name}: must be set when STORAGE is s3`));
  }
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) throw new ConfigError([`HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS (${e.REQUEST_TIMEOUT_MS})`]);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    currency: e.CURRENCY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    sessionDays: e.SESSION_DAYS,
    trustProxy: e.TRUST_PROXY,
    secureCookies: publicUrl.startsWith('https:'),
    metricsToken: e.METRICS_TOKEN,
    catalogueCacheMs: e.CATALOGUE_CACHE_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    catalogueIndex: e.CATALOGUE_INDEX,
    timeouts: { headers: e.HEADERS_TIMEOUT_MS, request: e.REQUEST_TIMEOUT_MS, idle: e.IDLE_TIMEOUT_MS, body: Math.min(e.BODY_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS) },
    notifications: {
      emailDelayMs: e.NOTIFY_EMAIL_DELAY_MS,
      chatBatchMs: e.NOTIFY_CHAT_BATCH_MS,
      mailEveryMs: e.NOTIFY_MAIL_EVERY_MS,
      unsubscribeSecret: e.UNSUBSCRIBE_SECRET,
    },
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ''),
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    payments: {
      provider: e.PAYMENT_PROVIDER,
      feePercent: e.PLATFORM_FEE_PERCENT,
      payoutMinimum: e.PAYOUT_MINIMUM,
      payoutDetailsKey: e.PAYOUT_DETAILS_KEY ?? null,
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
            maxRetries: e.STRIPE_MAX_RETRIES,
          }
        : null,
      moyasar: e.MOYASAR_SECRET_KEY
        ? {
            secretKey: e.MOYASAR_SECRET_KEY,
            publishableKey: e.MOYASAR_PUBLISHABLE_KEY ?? null,
            webhookToken: e.MOYASAR_WEBHOOK_TOKEN ?? null,
            apiUrl: e.MOYASAR_API_URL.replace(/\/+$/, ''),
          }
        : null,
    },
  };
}
