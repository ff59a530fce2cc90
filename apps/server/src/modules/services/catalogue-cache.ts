import type { AppContext } from '../../context.js';

/**
 * Call after every committed write that changes what a public catalogue answer shows (ADR 0016): a
 * service created, edited, deleted, hidden or shown; a course created, edited or deleted; a designer's
 * image, specializations, software or verified badge; a review (rating); a completed order (sales).
 * Drops this instance's cached answers and tells the other instances (through Redis) to do the same.
 */
export function catalogueChanged(ctx: Pick<AppContext, 'catalogueCache' | 'realtime'>) {
  ctx.catalogueCache.clear();
  ctx.realtime.toPeers('catalogue:changed');
}
