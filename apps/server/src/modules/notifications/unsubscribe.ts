import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationKind } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { appSecret } from '../../db/app-secrets.js';

/**
 * The one-click unsubscribe links (RFC 8058, docs/decisions/0027): `u` (user id) and `k` (kind) signed with
 * HMAC-SHA256. The key is UNSUBSCRIBE_SECRET, or else the one migration 0011 made in the database, so every
 * instance signs and checks alike and no key is ever in the repository or the environment by default.
 */
async function keyOf(ctx: AppContext): Promise<string> {
  return ctx.config.notifications.unsubscribeSecret ?? appSecret(ctx.database, 'unsubscribe');
}

const sign = (key: string, userId: string, kind: string) => createHmac('sha256', key).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

/** The query string of a link for this user and kind. */
export async function unsubscribeQuery(ctx: AppContext, userId: string, kind: NotificationKind): Promise<string> {
  const signature = sign(await keyOf(ctx), userId, kind);
  return new URLSearchParams({ u: userId, k: kind, s: signature }).toString();
}

/** Whether `signature` is this user's and kind's. */
export async function validUnsubscribe(ctx: AppContext, userId: string, kind: string, signature: string): Promise<boolean> {
  const expected = Buffer.from(sign(await keyOf(ctx), userId, kind));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
