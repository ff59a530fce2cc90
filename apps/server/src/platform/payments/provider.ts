import type { PaymentStatus } from '../../db/schema/index.js';

export type ProviderName = 'sandbox' | 'stripe' | 'moyasar';

/** What a provider says about one payment, in our terms. Amount in minor units, currency upper-case. */
export interface ProviderPayment {
  ref: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  /** Our payment id as the provider keeps it in the payment's metadata; null when absent. */
  paymentId: string | null;
}

/** A payout sent to a connected account: our payout id (the idempotency key), minor units, `acct_...`. */
export interface PayoutTransfer {
  id: string;
  amount: number;
  currency: string;
  destination: string;
}

export interface WebhookEvent {
  /** The provider's event id: the same event delivered twice is acted on once. */
  eventId: string;
  /** The payment the event is about; null for event types this product does not act on. */
  payment: ProviderPayment | null;
}

export type Headers = Record<string, string | string[] | undefined>;

/**
 * One card payment provider behind one interface (docs/product.md §6.2). Verification never trusts the browser:
 * whatever the page says, the server asks the provider (`fetch`) before an order or enrolment counts.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  readonly publishableKey: string | null;
  /** Called once our payment row exists; may create the provider's own payment object. */
  start(payment: { id: string; amount: number; currency: string; description: string; userId: string }): Promise<{
    ref: string | null;
    clientSecret?: string;
  }>;
  /** The provider's view of a payment, or null when it does not know the reference. */
  fetch(ref: string): Promise<ProviderPayment | null>;
  /** Gives `amount` back to the card. Idempotent per our payment id. */
  refund(ref: string, amount: number, paymentId: string): Promise<void>;
  /**
   * Sends a payout to a connected account (Stripe Connect Transfer); only providers that can pay out have it.
   * Idempotent per payout id. Amount in minor units.
   */
  transfer?(payout: PayoutTransfer): Promise<{ ref: string }>;
  /** The event in a webhook body when its signature is good, else null. */
  verifyWebhook(rawBody: string, headers: Headers): WebhookEvent | null;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
