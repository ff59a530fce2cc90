import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentStatus } from '../../db/schema/index.js';
import { header, ProviderError, type PaymentProvider, type ProviderPayment } from './provider.js';

/** Stripe signs `${t}.${body}`; events older than this are refused (Stripe's default tolerance). */
export const STRIPE_TOLERANCE_SECONDS = 300;

interface StripeIntent {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  amount_received?: number;
  currency: string;
  client_secret?: string;
  metadata?: Record<string, string>;
}

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

const toPayment = (pi: StripeIntent): ProviderPayment => ({
  ref: pi.id,
  status: STATUS[pi.status] ?? 'requires_payment',
  amount: pi.status === 'succeeded' ? (pi.amount_received ?? pi.amount) : pi.amount,
  currency: pi.currency.toUpperCase(),
  paymentId: pi.metadata?.paymentId ?? null,
});

/** Stripe's API takes form-encoded bodies with bracketed keys (metadata[paymentId]=...). */
export function formEncode(fields: Record<string, string | number | boolean | Record<string, string>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'object') for (const [k, v] of Object.entries(value)) params.append(`${key}[${k}]`, v);
    else params.append(key, String(value));
  }
  return params.toString();
}

/** `Stripe-Signature: t=...,v1=...[,v1=...]` checked as https://docs.stripe.com/webhooks#verify-manually says. */
export function verifyStripeSignature(rawBody: string, signature: string | undefined, secret: string, now = Date.now()): boolean {
  if (!signature) return false;
  const parts = signature.split(',').map((p) => p.split('=') as [string, string]);
  const t = parts.find(([k]) => k === 't')?.[1];
  const v1 = parts.filter(([k]) => k === 'v1').map(([, v]) => v);
  if (!t || !/^\d+$/.test(t) || v1.length === 0) return false;
  if (Math.abs(now / 1000 - Number(t)) > STRIPE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  return v1.some((sig) => {
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export function stripeProvider(config: { secretKey: string; publishableKey: string | null; webhookSecret: string | null; apiUrl: string }): PaymentProvider {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: string, idempotencyKey?: string): Promise<T | null> {
    const response = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 404) return null;
    const json = (await response.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
    if (!response.ok || !json) throw new ProviderError(`Stripe ${method} ${path}: ${json?.error?.message ?? response.status}`, response.status);
    return json;
  }

  return {
    name: 'stripe',
    publishableKey: config.publishableKey,
    async start(payment) {
      const pi = await call<StripeIntent>(
        'POST',
        '/v1/payment_intents',
        formEncode({
          amount: payment.amount,
          currency: payment.currency.toLowerCase(),
          description: payment.description,
          'automatic_payment_methods[enabled]': true,
          metadata: { paymentId: payment.id, userId: payment.userId },
        }),
        `cusp-intent-${payment.id}`,
      );
      if (!pi) throw new ProviderError('Stripe did not create the payment.');
      return { ref: pi.id, clientSecret: pi.client_secret };
    },
    async fetch(ref) {
      if (!/^pi_[A-Za-z0-9_]+$/.test(ref)) return null;
      const pi = await call<StripeIntent>('GET', `/v1/payment_intents/${ref}`);
      return pi ? toPayment(pi) : null;
    },
    async refund(ref, amount, paymentId) {
      await call('POST', '/v1/refunds', formEncode({ payment_intent: ref, amount }), `cusp-refund-${paymentId}`);
    },
    verifyWebhook(rawBody, headers) {
      if (!config.webhookSecret || !verifyStripeSignature(rawBody, header(headers, 'stripe-signature'), config.webhookSecret)) return null;
      const event = JSON.parse(rawBody) as { id?: string; type?: string; data?: { object?: StripeIntent } };
      if (!event.id) return null;
      const object = event.data?.object;
      return { eventId: event.id, payment: object?.object === 'payment_intent' ? toPayment(object) : null };
    },
  };
}
