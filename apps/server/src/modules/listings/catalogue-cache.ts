import type { AppContext } from '../../context.js';
import { catalogueIndexOf, type CatalogueChanges } from './catalogue-index/catalogue-index.js';

/**
 * Call after every committed write that changes what a public catalogue answer shows (ADR 0016): a
 * service created, edited, deleted, hidden or shown; a course created, edited or deleted; a designer's
 * image, specializations, software or verified badge; a review (rating); a completed order (sales).
 * Drops this instance's cached answers and tells the other instances (through Redis) to do the same, and has this
 * instance's catalogue index read the changed services again before its next answer, so the writer sees its write
 * (ADR 0048; `changes` names them: services by id, or all of some designers'; without it, every service; a change no
 * service shows, a course, passes `{}`). Every index, this one included, also hears of it from the database.
 */
export function catalogueChanged(ctx: Pick<AppContext, 'catalogueCache' | 'config' | 'database' | 'realtime'>, changes?: CatalogueChanges) {
  ctx.catalogueCache.clear();
  catalogueIndexOf(ctx)?.changed(changes);
  ctx.realtime.toPeers('catalogue:changed');
}
