/**
 * Who may mark a review pin resolved, and when (docs/decisions/0037; the one-policy-per-resource rule of
 * docs/decisions/0030): the designer, while working on the revision the pins came with or once the new design is
 * delivered. Reading pins follows the order: its two parties only.
 */
import { ERRORS } from '../error-codes.js';
import type { OrderFacts, OrderRefusal, ORDER_STATUS_LIST } from './orders.js';

export const PIN_POLICY = {
  resolve: { party: 'seller', from: ['revision_requested', 'delivered'] as ReadonlyArray<(typeof ORDER_STATUS_LIST)[number]> },
} as const;

/** Null when this user may mark the order's pins resolved (or unresolved) now, else the refusal (403 or 409). */
export function pinResolveRefusal(order: Pick<OrderFacts, 'status' | 'sellerId'>, userId: string): OrderRefusal | null {
  if (order.sellerId !== userId) return { code: 'ORDER_NOT_YOUR_TURN', message: ERRORS.ORDER_NOT_YOUR_TURN.message };
  if (!PIN_POLICY.resolve.from.includes(order.status)) return { code: 'PIN_RESOLVE_WRONG_STATUS', message: ERRORS.PIN_RESOLVE_WRONG_STATUS.message };
  return null;
}
