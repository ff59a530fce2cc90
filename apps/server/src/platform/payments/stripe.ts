import Stripe from 'stripe';
import type { PaymentStatus } from '../../db/schema/index.js';
import { header, ProviderError, type PaymentProvider, type ProviderPayment } from './provider.js';

/** Events signed longer ago than this are refused (Stripe's default tolerance). */
export const STRIPE_TOLERANCE_SECONDS = 300;

// PaymentIntent statuses: https://docs.stripe.com/payments/paymentintents/lifecycle
const STATUS: Record<string, PaymentStatus> = {
  requires_payment_method: 'requires_payment',
  requires_confirmation: 'requires_payment',
  requires_action: 'requires_action',
  processing: 'requires_payment',
  requires_capture: 'requires_payment',
  canceled: 'failed',
  succeeded: 'paid',
};

type Intent = Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount' | 'currency' | 'metadata'> & { amount_received?: number; object?: string };

const toPayment = (pi: Intent): ProviderPayment => ({
  ref: pi.id,
  status: STATUS[pi.status] ?? 'requires_payment',
  amount: pi.status === 'succeeded' ? (pi.amount_received ?? pi.amount) : pi.amount,
  currency: pi.currency.toUpperCase(),
  paymentId: pi.metadata?.paymentId ?? null,
});

/** `Stripe-Signature: t=...,v1=...` checked by the library's `webhooks.constructEvent` (no key needed); `now` for tests. */
export function verifyStripeSignature(rawBody: string, signature: string | undefined, secret: string, now = Date.now()): boolean {
  if (!signature) return false;
  try {
    Stripe.webhooks.constructEvent(rawBody, signature, secret, STRIPE_TOLERANCE_SECONDS, undefined, now);
    return true;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return false;
    throw error;
  }
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** https://api.stripe.com, or a local server that speaks its API (tests). */
  apiUrl: string;
  /** How many times the library retries a request that failed on the network or with 409/5xx (same idempotency key). */
  maxRetries: number;
}

/** The library's client for this configuration. Its errors become ProviderError, so callers answer 503. */
function client(config: StripeConfig): Stripe {
  const url = new URL(config.apiUrl);
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: config.maxRetries,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'Cusp' },
  });
}

async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new ProviderError(`Stripe ${what}: ${error.message}`, error.statusCode);
    throw error;
  }
}

/**
 * Stripe through its official library (docs/decisions/0043): PaymentIntents, refunds and Connect
 * Transfers, each POST with our own idempotency key (so the library's retries and ours act once), and webhook
 * events checked with `webhooks.constructEvent`.
 */
export function stripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = client(config);
  return {
    name: 'stripe',
    publishableKey: config.publishableKey,
    async start(payment) {
      const pi = await call('create payment intent', () =>
        stripe.paymentIntents.create(
          {
            amount: payment.amount,
            currency: payment.currency.toLowerCase(),
            description: payment.description,
            automatic_payment_methods: { enabled: true },
            metadata: { paymentId: payment.id, userId: payment.userId },
          },
          { idempotencyKey: `cusp-intent-${payment.id}` },
        ),
      );
      return { ref: pi.id, clientSecret: pi.client_secret ?? undefined };
    },
    async fetch(ref) {
      if (!/^pi_[A-Za-z0-9_]+$/.test(ref)) return null;
      try {
        return toPayment(await stripe.paymentIntents.retrieve(ref));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        return call('retrieve payment intent', () => Promise.reject(error));
      }
    },
    async refund(ref, amount, paymentId) {
      await call('refund', () => stripe.refunds.create({ payment_intent: ref, amount }, { idempotencyKey: `cusp-refund-${paymentId}` }));
    },
    async transfer(payout) {
      const transfer = await call('transfer', () =>
        stripe.transfers.create(
          { amount: payout.amount, currency: payout.currency.toLowerCase(), destination: payout.destination, metadata: { payoutId: payout.id } },
          { idempotencyKey: `cusp-transfer-${payout.id}` },
        ),
      );
      return { ref: transfer.id };
    },
    verifyWebhook(rawBody, headers) {
      const signature = header(headers, 'stripe-signature');
      if (!config.webhookSecret || !signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, STRIPE_TOLERANCE_SECONDS);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
        throw error;
      }
      if (!event.id) return null;
      const object = event.data?.object as { object?: string } | undefined;
      return { eventId: event.id, payment: object?.object === 'payment_intent' ? toPayment(object as Intent) : null };
    },
  };
}
