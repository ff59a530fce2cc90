import { timingSafeEqual } from 'node:crypto';
import type { PaymentStatus } from '../../db/schema/index.js';
import { ProviderError, type PaymentProvider, type ProviderPayment } from './provider.js';

interface MoyasarPayment {
  id: string;
  status: string;
  amount: number;
  currency: string;
  metadata?: Record<string, string> | null;
}

// Payment statuses: https://docs.moyasar.com/api/payments/01-create-payment (initiated, paid, failed, authorized,
// captured, refunded, voided, verified).
const STATUS: Record<string, PaymentStatus> = {
  initiated: 'requires_action',
  paid: 'paid',
  captured: 'paid',
  authorized: 'requires_payment',
  failed: 'failed',
  voided: 'failed',
  refunded: 'refunded',
};

const toPayment = (p: MoyasarPayment): ProviderPayment => ({
  ref: p.id,
  status: STATUS[p.status] ?? 'requires_payment',
  amount: p.amount,
  currency: p.currency.toUpperCase(),
  paymentId: p.metadata?.paymentId ?? null,
});

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Moyasar: the browser creates the payment with the publishable key (card data never touches this
 * server) and puts our payment id in its metadata; the server then fetches it by id with the secret
 * key (HTTP Basic, key as user name) and checks status, amount (minor units) and currency.
 */
export function moyasarProvider(config: { secretKey: string; publishableKey: string | null; webhookToken: string | null; apiUrl: string }): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${config.secretKey}:`).toString('base64')}`;
  async function call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T | null> {
    const response = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 404) return null;
    const json = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
    if (!response.ok || !json) throw new ProviderError(`Moyasar ${method} ${path}: ${json?.message ?? response.status}`, response.status);
    return json;
  }

  return {
    name: 'moyasar',
    publishableKey: config.publishableKey,
    // Nothing to create up front: the reference arrives with the callback (?id=...) or the webhook.
    async start() {
      return { ref: null };
    },
    async fetch(ref) {
      if (!/^[A-Za-z0-9-]{8,64}$/.test(ref)) return null;
      const payment = await call<MoyasarPayment>('GET', `/v1/payments/${ref}`);
      return payment ? toPayment(payment) : null;
    },
    async refund(ref, amount) {
      await call('POST', `/v1/payments/${ref}/refund`, { amount });
    },
    verifyWebhook(rawBody) {
      if (!config.webhookToken) return null;
      const event = JSON.parse(rawBody) as { id?: string; type?: string; secret_token?: string; data?: MoyasarPayment };
      if (typeof event.secret_token !== 'string' || !sameSecret(event.secret_token, config.webhookToken) || !event.id) return null;
      return { eventId: event.id, payment: event.data?.id ? toPayment(event.data) : null };
    },
  };
}
