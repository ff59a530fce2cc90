import type { AppContext } from '../../context.js';
import { moyasarProvider } from './moyasar.js';
import type { PaymentProvider } from './provider.js';
import { sandboxProvider } from './sandbox.js';
import { stripeProvider } from './stripe.js';

export type { Headers, PaymentProvider, PayoutTransfer, ProviderName, ProviderPayment, WebhookEvent } from './provider.js';
export { ProviderError } from './provider.js';

const cache = new WeakMap<AppContext, PaymentProvider>();

/** The configured provider (config.ts has already checked that its keys are present). */
export function providerFor(ctx: AppContext): PaymentProvider {
  let provider = cache.get(ctx);
  if (!provider) {
    const { provider: name, stripe, moyasar } = ctx.config.payments;
    provider = name === 'stripe' ? stripeProvider(stripe!) : name === 'moyasar' ? moyasarProvider(moyasar!) : sandboxProvider(ctx.db);
    cache.set(ctx, provider);
  }
  return provider;
}

/** The provider a webhook path names, if it is configured at all (webhooks of others are refused). */
export function webhookProvider(ctx: AppContext, name: 'stripe' | 'moyasar'): PaymentProvider | null {
  const { stripe, moyasar } = ctx.config.payments;
  if (name === 'stripe') return stripe ? (ctx.config.payments.provider === 'stripe' ? providerFor(ctx) : stripeProvider(stripe)) : null;
  return moyasar ? (ctx.config.payments.provider === 'moyasar' ? providerFor(ctx) : moyasarProvider(moyasar)) : null;
}
