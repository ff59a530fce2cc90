import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  courseRefusal,
  fromMinor,
  ERRORS,
  orderRefusal,
  SANDBOX_CARDS,
  type cardInput,
  type OrderJson,
  type paymentIntentInput,
  type PaymentIntentJson,
  type OrderQuoteJson,
  type SandboxPayJson,
  type serviceIntentInput,
  type TurnaroundTier,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { courses, enrollments, orders, payments, users, webhookEvents, type OrderRow, type PaymentRow, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import {
  orderableService,
  participantOrder,
  payOrder,
  placeOrder,
  type Transaction,
  tierPercentOf,
  toOrderJson,
  lineItemsOf,
  priceOrder,
  toQuoteJson,
} from '../orders/index.js';
import { providerFor, ProviderError, webhookProvider, type Headers } from '../../platform/payments/index.js';
import { enqueueJob } from '../../platform/jobs/queue.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notVerified = () => new AppError('PAYMENT_NOT_VERIFIED');

/**
 * What a payment is for: its title and lines (an order's unit price and quantity, and its tier's surcharge or
 * discount; a course is one line of one; an extra revision one line of one, `kind: 'revision'`).
 */
interface PaidItem {
  title: string;
  unitOrArch: 'unit' | 'arch' | null;
  unitPrice: number;
  quantity: number;
  tier?: TurnaroundTier;
  tierAdjustment?: number;
  tierPercent?: number;
  revision?: true;
}

function linesOf(p: PaymentRow, item: PaidItem) {
  if (!item.revision) return lineItemsOf(item, p.currency);
  const amount = fromMinor(p.amount, p.currency);
  return [{ description: item.title, unitOrArch: null, unitPrice: amount, quantity: 1, total: amount, kind: 'revision' as const }];
}

function toIntentJson(ctx: AppContext, p: PaymentRow, item: PaidItem, clientSecret?: string): PaymentIntentJson {
  const title = item.title;
  return {
    _id: p.id,
    // An extra revision's payment is for its order too: the payment page returns to it.
    orderId: p.itemType === 'course' ? null : p.itemId,
    courseId: p.itemType === 'course' ? p.itemId : null,
    amount: fromMinor(p.amount, p.currency),
    currency: p.currency,
    status: p.status,
    provider: p.provider,
    ...(clientSecret ? { clientSecret } : {}),
    description: `Payment for ${title}`,
    lineItems: linesOf(p, item),
  };
}

/** Creates our payment row and the provider's side of it; the provider being down fails the attempt cleanly. */
async function startPayment(ctx: AppContext, payment: PaymentRow, item: PaidItem): Promise<PaymentIntentJson> {
  const provider = providerFor(ctx);
  try {
    const started = await provider.start({ id: payment.id, amount: payment.amount, currency: payment.currency, description: `Payment for ${item.title}`, userId: payment.userId });
    const [row] = await ctx.db.update(payments).set({ providerRef: started.ref, updatedAt: new Date() }).where(eq(payments.id, payment.id)).returning();
    return toIntentJson(ctx, row!, item, started.clientSecret);
  } catch (error) {
    await ctx.db.update(payments).set({ status: 'failed', failureReason: String(error).slice(0, 500), updatedAt: new Date() }).where(eq(payments.id, payment.id));
    if (error instanceof ProviderError) throw new AppError('PAYMENT_PROVIDER_DOWN');
    throw error;
  }
}

/**
 * `POST /payments/intents`. For a service this creates the order (pending_payment) with its teeth,
 * requirements and case files, priced by the server from the service (never from the client).
 */
export async function createIntent(ctx: AppContext, user: UserRow, input: z.output<typeof paymentIntentInput>): Promise<PaymentIntentJson> {
  const currency = ctx.config.currency;
  const provider = providerFor(ctx).name;
  if (input.type === 'course') {
    const [course] = UUID.test(input.id) ? await ctx.db.select({ id: courses.id, title: courses.title, price: courses.price, creatorId: courses.creatorId }).from(courses).where(eq(courses.id, input.id)) : [];
    if (!course) throw new AppError('ITEM_NOT_FOUND');
    const [enrolled] = await ctx.db.select({ id: enrollments.id }).from(enrollments).where(and(eq(enrollments.courseId, course.id), eq(enrollments.userId, user.id)));
    // COURSE_POLICY's `buy` (packages/shared/src/policies/courses.ts): not the creator, not enrolled, a paid course.
    const refused = courseRefusal(course, { id: user.id, enrolled: !!enrolled }, 'buy');
    if (refused) throw new AppError(refused.code);
    const [payment] = await ctx.db.insert(payments).values({ userId: user.id, itemType: 'course', itemId: course.id, amount: course.price, currency, provider }).returning();
    return startPayment(ctx, payment!, { title: course.title, unitOrArch: null, unitPrice: course.price, quantity: 1 });
  }

  if (input.type === 'revision') return createRevisionIntent(ctx, user, input.id);

  const service = await orderableService(ctx, user, input.id);
  // The prescription, quantity, teeth and price (docs/product.md §5.1), with the turnaround's days and price (docs/decisions/0041):
  // checked against the service, priced by the server.
  const priced = await priceOrder(ctx, user.id, service, input);
  // The orders module places the order; its payment is created with it, in the same transaction.
  const payment = await ctx.db.transaction(async (tx) => {
    const order = await placeOrder(tx, { buyerId: user.id, service, priced, attachments: input.attachments, currency });
    const [payment] = await tx.insert(payments).values({ userId: user.id, itemType: 'service', itemId: order.id, amount: priced.price, currency, provider }).returning();
    return payment!;
  });
  return startPayment(ctx, payment, {
    title: service.title,
    unitOrArch: service.unitOrArch,
    unitPrice: service.toothPrice,
    quantity: priced.quantity,
    tier: priced.tier,
    tierAdjustment: priced.tierAdjustment,
    tierPercent: tierPercentOf(service, priced.tier),
  });
}

/**
 * `POST /payments/intents {type: 'revision', id: orderId}` (docs/product.md §5.4): one revision beyond the included ones,
 * at the price the service asked when the order was placed, by the order's buyer once they are used up
 * (ORDER_POLICY.buyRevision: 403 for anyone else, 409 at the wrong time).
 */
async function createRevisionIntent(ctx: AppContext, user: UserRow, orderId: string): Promise<PaymentIntentJson> {
  const order = await participantOrder(ctx, user, orderId);
  const refusal = orderRefusal(order, user.id, 'buyRevision');
  if (refusal) throw new AppError(refusal.code);
  const [payment] = await ctx.db
    .insert(payments)
    .values({ userId: user.id, itemType: 'revision', itemId: order.id, amount: order.extraRevisionPrice!, currency: order.currency, provider: providerFor(ctx).name })
    .returning();
  return startPayment(ctx, payment!, revisionItem(order.title, order.extraRevisionPrice!));
}

const revisionItem = (title: string, amount: number): PaidItem => ({ title: `Extra revision: ${title}`, unitOrArch: null, unitPrice: amount, quantity: 1, revision: true });

/**
 * `POST /payments/quote`: what `POST /payments/intents` would charge for this body, with the same checks
 * (the same 400s), creating nothing: the order form shows this figure before the buyer pays.
 */
export async function quote(ctx: AppContext, user: UserRow, input: z.output<typeof serviceIntentInput>): Promise<OrderQuoteJson> {
  const service = await orderableService(ctx, user, input.id);
  return toQuoteJson(service, await priceOrder(ctx, user.id, service, input), ctx.config.currency);
}

async function itemOf(ctx: AppContext, p: PaymentRow): Promise<PaidItem> {
  if (p.itemType === 'service' || p.itemType === 'revision') {
    const [row] = await ctx.db
      .select({ title: orders.title, unitOrArch: orders.unitOrArch, unitPrice: orders.unitPrice, quantity: orders.quantity, tier: orders.tier })
      .from(orders)
      .where(eq(orders.id, p.itemId));
    if (!row) return { title: '', unitOrArch: null, unitPrice: p.amount, quantity: 1 };
    if (p.itemType === 'revision') return revisionItem(row.title, p.amount);
    // The tier's part is what the payment holds beyond the item; its percent is read back from it (exact to the
    // percent for any price of one major unit or more).
    const base = row.unitPrice * row.quantity;
    const tierAdjustment = p.amount - base;
    return { ...row, tierAdjustment, tierPercent: Math.round(Math.abs(tierAdjustment * 100) / base) };
  }
  const [row] = await ctx.db.select({ title: courses.title }).from(courses).where(eq(courses.id, p.itemId));
  return { title: row?.title ?? '', unitOrArch: null, unitPrice: p.amount, quantity: 1 };
}

/** The caller's own payment, by our id; anyone else's is "not found". */
async function ownPayment(ctx: AppContext, user: UserRow, id: string): Promise<PaymentRow> {
  const [p] = UUID.test(id) ? await ctx.db.select().from(payments).where(eq(payments.id, id)) : [];
  if (!p || p.userId !== user.id) throw new AppError('PAYMENT_NOT_FOUND');
  return p;
}

export async function getPayment(ctx: AppContext, user: UserRow, id: string): Promise<PaymentIntentJson> {
  const p = await ownPayment(ctx, user, id);
  return toIntentJson(ctx, p, await itemOf(ctx, p));
}

const OUTCOMES: Record<string, 'paid' | 'failed' | 'requires_action'> = {
  [SANDBOX_CARDS.paid]: 'paid',
  [SANDBOX_CARDS.declined]: 'failed',
  [SANDBOX_CARDS.threeDSecure]: 'requires_action',
};

/** The sandbox's card network (docs/product.md §6.2): the test card decides the outcome; no card data is stored. */
export async function sandboxPay(ctx: AppContext, user: UserRow, id: string, card: z.output<typeof cardInput>, now = new Date()): Promise<SandboxPayJson> {
  if (providerFor(ctx).name !== 'sandbox') throw new AppError('PAYMENT_SANDBOX_ONLY');
  const p = await ownPayment(ctx, user, id);
  await assertPayable(ctx, p);
  const [month, year] = card.expiry.split('/').map((v) => Number(v.trim())) as [number, number];
  if (new Date(Date.UTC(2000 + year, month, 1)) <= now) throw fieldError('CARD_EXPIRED', 'expiry');
  const outcome = OUTCOMES[card.cardNumber];
  // A card that does not pay answers 200 with the code of why (the client translates it, docs/decisions/0039).
  const code = outcome === 'failed' ? ('PAYMENT_DECLINED' as const) : outcome ? undefined : ('PAYMENT_UNKNOWN_TEST_CARD' as const);
  const message = code && ERRORS[code].message;
  const status = outcome ?? 'failed';
  const changed = await ctx.db
    .update(payments)
    .set({ status, cardLabel: `•••• ${card.cardNumber.slice(-4)}`, failureReason: message ?? null, updatedAt: new Date() })
    .where(and(eq(payments.id, p.id), isNull(payments.usedAt)))
    .returning({ id: payments.id });
  if (changed.length === 0) throw new AppError('PAYMENT_ALREADY_DONE');
  return { status, ...(code ? { message: ERRORS[code].message, code } : {}) };
}

/** The sandbox's 3-D Secure step: the card holder approves or refuses. */
export async function sandboxConfirm(ctx: AppContext, user: UserRow, id: string, approve: boolean): Promise<SandboxPayJson> {
  if (providerFor(ctx).name !== 'sandbox') throw new AppError('PAYMENT_SANDBOX_ONLY');
  const p = await ownPayment(ctx, user, id);
  if (p.status !== 'requires_action') throw new AppError(p.status === 'paid' ? 'PAYMENT_ALREADY_DONE' : 'PAYMENT_NOT_AWAITING_CONFIRMATION');
  const status = approve ? ('paid' as const) : ('failed' as const);
  await ctx.db
    .update(payments)
    .set({ status, failureReason: approve ? null : ERRORS.PAYMENT_NOT_CONFIRMED.message, updatedAt: new Date() })
    .where(and(eq(payments.id, p.id), eq(payments.status, 'requires_action')));
  return { status, ...(approve ? {} : { message: ERRORS.PAYMENT_NOT_CONFIRMED.message, code: 'PAYMENT_NOT_CONFIRMED' as const }) };
}

/** A payment can take a card only while it is open and its order's policy still lets its buyer pay (ORDER_POLICY.pay). */
async function assertPayable(ctx: AppContext, p: PaymentRow) {
  if (p.status === 'paid' || p.status === 'refunded' || p.usedAt) throw new AppError('PAYMENT_ALREADY_DONE');
  if (p.itemType === 'service' || p.itemType === 'revision') {
    const [o] = await ctx.db.select().from(orders).where(eq(orders.id, p.itemId));
    const refusal = o ? orderRefusal(o, p.userId, p.itemType === 'service' ? 'pay' : 'buyRevision')?.code : 'ORDER_WRONG_STATUS';
    if (refusal) throw new AppError(refusal);
  }
}

/**
 * docs/product.md §6.3: asks the provider whether this payment is paid, for its amount and currency, and is the one
 * we created (our id in its metadata). Anything else is 422; nothing the browser says is trusted.
 */
async function verifyPaid(ctx: AppContext, p: PaymentRow, providerRefHint?: string): Promise<string> {
  const provider = providerFor(ctx);
  const ref = p.providerRef ?? providerRefHint;
  if (p.provider !== provider.name || !ref) throw notVerified();
  let seen;
  try {
    seen = await provider.fetch(ref);
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError('PAYMENT_PROVIDER_DOWN');
    throw error;
  }
  if (!seen || seen.status !== 'paid' || seen.amount !== p.amount || seen.currency !== p.currency || seen.paymentId !== p.id) throw notVerified();
  return ref;
}

/** Finds a payment by our id or the provider's; someone else's payment is simply "not verified". */
async function paymentForCaller(ctx: AppContext, userId: string, token: string): Promise<PaymentRow> {
  const [p] = UUID.test(token)
    ? await ctx.db.select().from(payments).where(eq(payments.id, token))
    : await ctx.db.select().from(payments).where(eq(payments.providerRef, token));
  if (!p || p.userId !== userId) throw notVerified();
  return p;
}

/**
 * The one claim of a verified payment: paid, used, with the provider's reference. Only one caller claims a payment
 * (`used_at is null`), so a repeated confirmation, a webhook and the page's own call settle it once; null for the
 * callers that lost. Runs in the transaction of what the payment pays for.
 */
async function claimPayment(tx: Transaction, p: PaymentRow, ref: string): Promise<PaymentRow | null> {
  const now = new Date();
  const [claimed] = await tx
    .update(payments)
    .set({ status: 'paid', usedAt: now, providerRef: ref, updatedAt: now })
    .where(and(eq(payments.id, p.id), isNull(payments.usedAt)))
    .returning();
  return claimed ?? null;
}

/** A verified payment for an order (its own, or an extra revision of it): the orders module settles it with the claim. */
const settle = (ctx: AppContext, p: PaymentRow, ref: string) => payOrder(ctx, p, async (tx) => (await claimPayment(tx, p, ref)) !== null);

async function orderJsonFor(ctx: AppContext, order: OrderRow, viewer: UserRow): Promise<OrderJson> {
  const [seller] = await ctx.db.select({ id: users.id, username: users.username, image: users.image }).from(users).where(eq(users.id, order.sellerId));
  return toOrderJson(order, { buyer: viewer, seller: seller!, viewerId: viewer.id, paymentId: null });
}

/** `PATCH /orders {payment_intent}`: the order becomes in_progress only for a verified payment (docs/product.md §6.3). */
export async function confirmOrderPayment(ctx: AppContext, user: UserRow, input: { paymentId: string; providerPaymentId?: string }): Promise<OrderJson> {
  const p = await paymentForCaller(ctx, user.id, input.paymentId);
  if (p.itemType === 'course') throw notVerified();
  const load = async () => (await ctx.db.select().from(orders).where(eq(orders.id, p.itemId)))[0];
  const before = await load();
  if (!before || before.buyerId !== user.id) throw notVerified();
  // Repeating a confirmation is harmless: the same answer, nothing changes.
  if (!p.usedAt) {
    const ref = await verifyPaid(ctx, p, input.providerPaymentId);
    const outcome = await settle(ctx, p, ref);
    if (outcome === 'refunded') throw new AppError(p.itemType === 'revision' ? 'PAYMENT_REVISION_REFUNDED' : 'PAYMENT_ORDER_CANCELLED');
  } else if (p.status === 'refunded' && p.itemType === 'revision') {
    throw new AppError('PAYMENT_REVISION_REFUNDED');
  } else if (p.status === 'refunded' && before.status === 'cancelled') {
    throw new AppError('PAYMENT_ORDER_CANCELLED');
  }
  return orderJsonFor(ctx, (await load())!, user);
}

/**
 * For the courses module's enrolment (docs/product.md §6.3): `transactionId` must be this user's payment for this
 * course, paid with the provider at its amount (422 otherwise, nothing changes). Null when it was used already
 * (nothing to do); else its claim, which the enrolment runs in its own transaction (null there: claimed meanwhile).
 */
export async function verifyCoursePayment(
  ctx: AppContext,
  args: { transactionId: string; userId: string; courseId: string },
): Promise<{ claim: (tx: Transaction) => Promise<PaymentRow | null> } | null> {
  const p = await paymentForCaller(ctx, args.userId, args.transactionId);
  if (p.itemType !== 'course' || p.itemId !== args.courseId) throw notVerified();
  if (p.usedAt) return null;
  const ref = await verifyPaid(ctx, p);
  return { claim: (tx) => claimPayment(tx, p, ref) };
}

/** The durable queue's kind for a course payment the provider confirmed by webhook (jobs.ts gives it to the courses module). */
export const COURSE_PAYMENT_JOB = 'course-payment';

/** The payment a `course-payment` job settles: its learner and course, unless it was used meanwhile. */
export async function unusedCoursePayment(ctx: AppContext, paymentId: string): Promise<{ transactionId: string; userId: string; courseId: string } | null> {
  const [p] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  return p && p.itemType === 'course' && !p.usedAt ? { transactionId: p.id, userId: p.userId, courseId: p.itemId } : null;
}

/**
 * Provider webhooks (docs/product.md §6.3): a bad signature changes nothing (400); an event already processed is
 * acknowledged and ignored. A paid order payment is settled even if the buyer never came back to
 * /success; a paid course payment is handed to the courses module through the queue, which verifies it again.
 */
export async function handleWebhook(ctx: AppContext, name: 'stripe' | 'moyasar', rawBody: string, headers: Headers): Promise<{ received: true; duplicate?: true }> {
  const provider = webhookProvider(ctx, name);
  if (!provider) throw new AppError('PAYMENT_PROVIDER_UNKNOWN');
  let event;
  try {
    event = provider.verifyWebhook(rawBody, headers);
  } catch {
    event = null; // unparsable body: as bad as a bad signature
  }
  if (!event) throw new AppError('PAYMENT_WEBHOOK_SIGNATURE');
  const [seen] = await ctx.db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, name), eq(webhookEvents.eventId, event.eventId)));
  if (seen) return { received: true, duplicate: true };

  const reported = event.payment;
  if (reported && provider.name === providerFor(ctx).name) {
    const [p] = await ctx.db
      .select()
      .from(payments)
      .where(reported.paymentId && UUID.test(reported.paymentId) ? eq(payments.id, reported.paymentId) : eq(payments.providerRef, reported.ref));
    const matches = p && p.provider === name && (p.providerRef === null || p.providerRef === reported.ref);
    if (matches && !p.usedAt) {
      if (reported.status === 'paid' && p.itemType !== 'course') {
        const ref = await verifyPaid(ctx, p, reported.ref).catch(() => null);
        if (ref) await settle(ctx, p, ref);
      } else if (reported.status === 'paid') {
        // A course paid by a buyer who never came back to /enroll: the courses module enrols (or refunds a second
        // payment for a course already bought) through the durable queue, so every confirmed payment ends in the ledger.
        await enqueueJob(ctx.db, COURSE_PAYMENT_JOB, `course-payment:${p.id}`, { paymentId: p.id });
      } else if (reported.status === 'failed' && p.status !== 'paid') {
        await ctx.db.update(payments).set({ status: 'failed', updatedAt: new Date() }).where(and(eq(payments.id, p.id), isNull(payments.usedAt)));
      }
    }
  }
  // Recorded after acting, so a crash in between means the provider's retry is processed, not lost;
  // acting twice is harmless because a payment is claimed once.
  await ctx.db.insert(webhookEvents).values({ provider: name, eventId: event.eventId }).onConflictDoNothing();
  return { received: true };
}
