import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { emailVerifications, userColumns, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { verifyEmailMail } from '../../platform/mail/templates.js';
import { messageIdOfJob } from '../../platform/mail/queued-mail.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { hashToken, newToken, requireUser } from './session.js';

/** A verification link lasts a week: a new member may read the mail days later (ADR 0050). */
export const VERIFY_TOKEN_MS = 7 * 24 * 3600_000;

/**
 * The caller's address must be confirmed before selling (services, courses), saving payout details or paying
 * (ADR 0050): a squatter who registered someone else's address cannot act as them.
 */
export function requireVerified(user: UserRow): UserRow {
  if (user.emailVerifiedAt === null) throw new AppError('EMAIL_UNVERIFIED');
  return user;
}

/** Route options for the gated routes: 401 for a visitor, then 403 `EMAIL_UNVERIFIED`, before the body is validated. */
export const verifiedOnly = { preValidation: async (request: FastifyRequest) => void requireVerified(requireUser(request)) };

/** The durable queue's kind for a verification mail (ADR 0053): the link is made in the job, so no token waits in the queue. */
export const VERIFICATION_MAIL_JOB = 'verification-mail';

/** Records, in the caller's transaction, that the user is sent a link confirming their current address. */
export function recordVerificationMail(tx: Tx, userId: string): Promise<void> {
  return enqueueJob(tx, VERIFICATION_MAIL_JOB, `verification-mail:${userId}:${randomUUID()}`, { userId });
}

/**
 * The `verification-mail` job: a link for the account's current address (its token stored hashed) and its mail. Without
 * SMTP the link is also printed to the log (`logNote`), so that the operator of the embedded default can confirm a new
 * member without opening the outbox (ADR 0050; a verification link grants no access). Nothing for an address already
 * confirmed or an account gone.
 */
export async function sendVerificationMail(ctx: AppContext, payload: { userId: string }, job: { key: string }) {
  const [user] = await ctx.db.select(userColumns).from(users).where(and(eq(users.id, payload.userId), isNull(users.deletedAt)));
  if (!user || user.emailVerifiedAt !== null) return;
  const token = newToken();
  await ctx.db.insert(emailVerifications).values({ tokenHash: hashToken(token), userId: user.id, email: user.email, expiresAt: new Date(Date.now() + VERIFY_TOKEN_MS) });
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    ...verifyEmailMail({ username: user.username, link }, user.emailLanguage),
    messageId: messageIdOfJob(job.key, ctx.config.publicUrl),
    logNote: `No SMTP: ${user.email} confirms their address at ${link} (or: npm run admin -- confirm-email ${user.email})`,
  });
}

/** `POST /auth/verify-email/resend`: a new link for the signed-in caller, limited per user. */
export async function resendVerification(ctx: AppContext, user: UserRow) {
  if (user.emailVerifiedAt !== null) throw new AppError('EMAIL_ALREADY_VERIFIED');
  await ctx.limits.consume('verifyMailUser', user.id);
  await recordVerificationMail(ctx.db, user.id);
  return { message: MESSAGES.verifyMailSent };
}

/**
 * `POST /auth/verify-email`: claims the token (single use, unexpired) and marks the address it was sent to as
 * confirmed, if it is still the account's address. Anything else is 410 `VERIFY_LINK_INVALID`, changing nothing.
 * The token is the proof (it reached the mailbox), so it works signed in or not.
 */
export async function verifyEmail(ctx: AppContext, token: string) {
  const done = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailVerifications)
      .set({ usedAt: new Date() })
      .where(and(eq(emailVerifications.tokenHash, hashToken(token)), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, new Date())))
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!claimed) return false;
    const [user] = await tx
      .select({ id: users.id, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(users.id, claimed.userId), eq(users.email, claimed.email), isNull(users.deletedAt)))
      .for('update');
    // The address changed since the link was sent: the link confirmed the old one only. Rolled back, so the
    // claim is undone too (it stays unusable all the same, as its address is no longer the account's).
    if (!user) throw new AppError('VERIFY_LINK_INVALID');
    if (user.verifiedAt === null) await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(emailVerifications).where(and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.usedAt)));
    return true;
  });
  if (!done) throw new AppError('VERIFY_LINK_INVALID');
  return { message: MESSAGES.emailVerified };
}
