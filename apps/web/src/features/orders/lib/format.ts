import { ORDER_TITLE_LENGTH } from '@cusp/shared';
import type { Order, OrderStatus } from '@/lib/domain';

/** docs/product.md §13: an order's title cut at 30 characters, then an ellipsis (whole characters, never half an emoji). */
export function cutTitle(title: string, length = ORDER_TITLE_LENGTH): string {
  const characters = Array.from(title);
  return characters.length > length ? `${characters.slice(0, length).join('')}…` : title;
}

/** The other party of an order: the buyer for its designer, the designer for its buyer. */
export function counterpartOf(order: Pick<Order, 'isSeller' | 'buyer' | 'seller'>) {
  return order.isSeller ? order.buyer : order.seller;
}

/**
 * Badge colours, and text colours dark enough for AA contrast on the light badge, also on a striped
 * or hovered table row (Mantine's green.9 and orange.9 are not).
 */
export const STATUS_COLOR: Record<OrderStatus, { color: string; text: string }> = {
  pending_payment: { color: 'gray', text: '#343a40' },
  in_progress: { color: 'ocean', text: '#0b3f66' },
  delivered: { color: 'cusp', text: '#07505a' },
  revision_requested: { color: 'orange', text: '#7a2e00' },
  completed: { color: 'green', text: '#1b5226' },
  cancelled: { color: 'red', text: '#8a1c1c' },
  disputed: { color: 'grape', text: '#5c1a66' },
};

/** How many revisions the buyer can still ask for. */
export function revisionsLeft(order: Pick<Order, 'revisionsIncluded' | 'revisionsUsed'>): number {
  return Math.max(0, order.revisionsIncluded - order.revisionsUsed);
}

/** How far a due date is from now, in the largest whole unit (days, hours or minutes), and whether it has passed. */
export function timeToDue(dueAt: string, now = Date.now()): { late: boolean; value: number; unit: 'day' | 'hour' | 'minute' } {
  const ms = new Date(dueAt).getTime() - now;
  const abs = Math.abs(ms);
  const late = ms < 0;
  if (abs >= 86_400_000) return { late, value: Math.floor(abs / 86_400_000), unit: 'day' };
  if (abs >= 3_600_000) return { late, value: Math.floor(abs / 3_600_000), unit: 'hour' };
  return { late, value: Math.max(1, Math.floor(abs / 60_000)), unit: 'minute' };
}
