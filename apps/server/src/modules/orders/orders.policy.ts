import { sql, type SQL } from 'drizzle-orm';
import {
  orderActionConditions,
  orderActionFrom,
  orderActionsFor,
  orderActionsUnavailable,
  orderPartyOf,
  orderRefusal,
  type OrderAction,
  type OrderCondition,
  type OrderDetailJson,
  type OrderFacts,
} from '@cusp/shared';
import { orders, type OrderRow, type OrderStatus, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/**
 * The server's side of ORDER_POLICY (packages/shared/src/policies/orders.ts, docs/decisions/0030): the one
 * "may I?" check, the statuses and clauses a transition's conditional UPDATE matches, and the policies the
 * order JSON presents to its viewer. No rule of who may do what to an order is written anywhere else.
 */

/** Throws the table's refusal (403 not your part, 409 not now, or a condition's own) unless the user may do this now. */
export function authorize(order: OrderFacts, user: Pick<UserRow, 'id'>, action: OrderAction): void {
  const refusal = orderRefusal(order, user.id, action);
  if (refusal) throw new AppError(refusal.code);
}

/**
 * Each condition as the database checks it in the same statement that makes the change, so a concurrent change
 * cannot slip between the check and the write. `null`: guarded by a unique index instead (one review per order).
 */
export const CONDITION_GUARDS: Record<OrderCondition, SQL | null> = {
  revisionsLeft: sql`${orders.revisionsUsed} < ${orders.revisionsIncluded}`,
  notReviewed: null,
  noExtensionWaiting: sql`${orders.extensionDays} is null`,
  extensionWaiting: sql`${orders.extensionDays} is not null`,
  // One answer: the dispute's own conditional UPDATE (`responded_at is null`) in the same transaction.
  notAnswered: null,
  noOfferOpen: sql`${orders.refundOfferAmount} is null`,
  offerOpen: sql`${orders.refundOfferAmount} is not null`,
};

/**
 * What a transition for `action` may match: the statuses the table starts it from (for the acting party; all of
 * them for the scheduler, `party` null) and its conditions as SQL.
 */
export function transitionGuard(action: OrderAction, party: 'buyer' | 'seller' | null): { from: OrderStatus[]; where: SQL | undefined } {
  const clauses = orderActionConditions(action).flatMap((name) => CONDITION_GUARDS[name] ?? []);
  return { from: orderActionFrom(action, party ?? undefined), where: clauses.length ? sql.join(clauses, sql` and `) : undefined };
}

/** The acting user's part in the order (null for anyone else). */
export function partyOf(order: Pick<OrderRow, 'buyerId' | 'sellerId'>, user: Pick<UserRow, 'id'>) {
  return orderPartyOf(order, user.id);
}

/**
 * The policies an order presents to its viewer (Outline's presentPolicies): `actions` what they may do now,
 * `unavailable` what it is their turn for but a condition refuses, and why.
 */
export function presentOrderPolicies(order: OrderFacts, viewerId: string): Pick<OrderDetailJson, 'actions' | 'unavailable'> {
  return { actions: orderActionsFor(order, viewerId), unavailable: orderActionsUnavailable(order, viewerId) };
}
