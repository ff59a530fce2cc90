import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { appSecret } from '../../db/app-secrets.js';
import { loginLinks, userColumns, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { loginLinkMail } from '../../platform/mail/templates.js';
import { messageIdOfJob } from '../../platform/mail/queued-mail.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { hashToken, newToken } from './session.js';

/**
 * The second step asked of the right password once an account is past its cap of failed sign-ins (ADR 0050): a
 * one-time link mailed to the account's address, or a browser that signed in to the account before (the "known
 * device" cookie). An attacker guessing from elsewhere has neither; the owner has at least the mailbox.
 */

/** A sign-in link lasts 15 minutes: it is opened right after it was asked for. */
export const LOGIN_LINK_MS = 15 * 60_000;

/** The durable queue's kind for a sign-in link (ADR 0053): the link is made in the job, so no token waits in the queue. */
export const LOGIN_LINK_JOB = 'login-link';

/** Records that a one-time sign-in link is mailed; silently none past `loginLinkMail` (the answer is the same). */
export async function recordLoginLink(ctx: AppContext, user: UserRow) {
  if ((await ctx.limits.take('loginLinkMail', user.id)) !== null) return;
  await enqueueJob(ctx.db, LOGIN_LINK_JOB, `login-link:${user.id}:${randomUUID()}`, { userId: user.id });
}

/** The `login-link` job: the link (its token stored hashed) and its mail, never printed to the log (it grants access). */
export async function sendLoginLinkMail(ctx: AppContext, payload: { userId: string }, job: { key: string }) {
  const [user] = await ctx.db.select(userColumns).from(users).where(and(eq(users.id, payload.userId), isNull(users.deletedAt)));
  if (!user) return;
  const token = newToken();
  await ctx.db.insert(loginLinks).values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + LOGIN_LINK_MS) });
  const link = `${ctx.config.publicUrl}/login-link?token=${encodeURIComponent(token)}`;
  const resetLink = `${ctx.config.publicUrl}/forgot-password`;
  await ctx.mailer.send({ to: user.email, ...loginLinkMail({ username: user.username, link, resetLink }, user.emailLanguage), messageId: messageIdOfJob(job.key, ctx.config.publicUrl) });
}

/** Claims a sign-in link's token: its live user, or 410 `LOGIN_LINK_INVALID` (unknown, used, expired, account gone). */
export async function claimLoginLink(ctx: AppContext, token: string): Promise<UserRow> {
  const user = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(loginLinks)
      .set({ usedAt: new Date() })
      .where(and(eq(loginLinks.tokenHash, hashToken(token)), isNull(loginLinks.usedAt), gt(loginLinks.expiresAt, new Date())))
      .returning({ userId: loginLinks.userId });
    if (!claimed) return null;
    const [row] = await tx.select(userColumns).from(users).where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)));
    return row ?? null;
  });
  if (!user) throw new AppError('LOGIN_LINK_INVALID');
  return user;
}

// The known-device cookie: `v1.<user id>.<issued, seconds>.<HMAC-SHA256>`, signed with a key migration 0022 made in
// the database (every instance checks alike). Only the auth routes see it; it signs nobody in by itself.
export const DEVICE_COOKIE = 'cusp_device';
const DEVICE_DAYS = 365;

const deviceKey = (ctx: AppContext) => appSecret(ctx.database, 'known-device');

const signDevice = (key: string, userId: string, issued: number) => createHmac('sha256', key).update(`known-device:${userId}:${issued}`).digest('base64url');

/** Whether the cookie says this browser signed in to `userId` within the last year. */
export async function isKnownDevice(ctx: AppContext, userId: string, cookie: string | undefined): Promise<boolean> {
  const [version, id, issuedText, signature] = cookie?.split('.') ?? [];
  if (version !== 'v1' || id !== userId || !issuedText || !signature) return false;
  const issued = Number(issuedText);
  if (!Number.isSafeInteger(issued) || Date.now() / 1000 - issued > DEVICE_DAYS * 86_400) return false;
  const expected = Buffer.from(signDevice(await deviceKey(ctx), userId, issued));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Set at each sign-in (password or link): this browser now knows the account. */
export async function setDeviceCookie(ctx: AppContext, reply: FastifyReply, userId: string) {
  const issued = Math.floor(Date.now() / 1000);
  reply.setCookie(DEVICE_COOKIE, `v1.${userId}.${issued}.${signDevice(await deviceKey(ctx), userId, issued)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    path: '/api/auth',
    maxAge: DEVICE_DAYS * 86_400,
  });
}
