import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MESSAGES, type registerSchema, type resetPasswordSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { loginLinks, passwordResets, payoutDetails, sessions, userColumns, users, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { passwordResetMail, signInAlertMail, type MailLanguage } from '../../platform/mail/templates.js';
import { enqueueMail, messageIdOfJob } from '../../platform/mail/queued-mail.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { addressKey } from '../../platform/client-address.js';
import { tooMany } from '../../platform/rate-limit/limiter.js';
import { LOGIN, loginBlockSeconds } from '../../platform/rate-limit/limits.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.js';
import { isKnownDevice, recordLoginLink } from './second-step.js';
import { createSession, hashToken, newToken } from './session.js';
import { recordVerificationMail } from './verification.js';

export const { invalidCredentials: INVALID_CREDENTIALS, emailTaken: EMAIL_TAKEN, usernameTaken: USERNAME_TAKEN } = MESSAGES;
export const { resetLinkInvalid: RESET_LINK_INVALID, resetDone: RESET_DONE, forgotSent: FORGOT_SENT } = MESSAGES;

/** A reset link lasts an hour. */
export const RESET_TOKEN_MS = 60 * 60_000;

export async function checkRegisterAllowed(ctx: AppContext, ip: string) {
  const blocked = await ctx.limits.blockedFor('registerAddress', ip);
  if (blocked !== null) throw tooMany('registerAddress', blocked);
}

export async function register(
  ctx: AppContext,
  input: z.output<typeof registerSchema>,
  ip: string,
  image: string | null,
  emailLanguage: MailLanguage = 'en',
): Promise<UserRow> {
  // Every attempt counts, refused ones too: "This email is already registered." is only learnt at this pace.
  await ctx.limits.consume('registerAddress', ip);
  await assertAvailable(ctx, input.email, input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          phone: input.phone,
          image: image ?? (input.profilePictureURL || null),
          emailLanguage,
        })
        .returning(userColumns);
      // The address is confirmed by the mailed link before selling, payout details or paying (ADR 0050); the mail is
      // recorded with the account (ADR 0053).
      await recordVerificationMail(tx, created!.id);
      return created!;
    });
    return row;
  } catch (error) {
    // Two sign-ups racing for the same name: the unique index decides, we say which field.
    if (isUniqueViolation(error)) {
      await assertAvailable(ctx, input.email, input.username);
      throw fieldError('EMAIL_TAKEN', 'email');
    }
    throw error;
  }
}

async function assertAvailable(ctx: AppContext, email: string, username: string) {
  const taken = await ctx.db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(sql`${users.email} = ${email} or lower(${users.username}) = lower(${username})`);
  if (taken.some((t) => t.email === email)) throw fieldError('EMAIL_TAKEN', 'email');
  if (taken.length > 0) throw fieldError('USERNAME_TAKEN', 'username');
}

/**
 * Sign-in throttling (ADR 0021). Failures are counted per account and address (past a few, each one
 * blocks that pair twice as long as the last), per address over all accounts, and per account over
 * all addresses (a high bound on guessing). Failures from one address never block the owner signing
 * in from another. A blocked pair or address is refused before any password is checked.
 *
 * Past the account's bound the password is still checked, so that its owner is not locked out (ADR 0050): the
 * right one asks for a second step (`SECOND_STEP_REQUIRED`, a one-time link mailed to the account's address)
 * unless this browser signed in to the account before (`deviceCookie`); a wrong one is refused as before the
 * check (429, and no mail: mailing on a wrong password would let anyone flood the owner's mailbox).
 */
export async function login(ctx: AppContext, email: string, password: string, ip: string, userAgent?: string, deviceCookie?: string) {
  // The pair counts the address as every per-address limit does (an IPv6 /64, ADR 0049).
  const pair = `${email} ${addressKey(ip)}`;
  const [pairWait, addressWait, accountWait] = await Promise.all([
    ctx.limits.blockedFor('loginPairBlock', pair),
    ctx.limits.blockedFor('loginAddress', ip),
    ctx.limits.blockedFor('loginAccount', email),
  ]);
  const wait = Math.max(0, pairWait ?? 0, addressWait ?? 0);
  if (wait > 0) throw tooMany('loginPairBlock', wait);

  const [user] = await ctx.db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!user || !ok) {
    // Unknown e-mails are counted the same way, so that throttling tells nothing about who has an account.
    const [pairFailures, , accountFailures] = await Promise.all([
      ctx.limits.count('loginPairFailures', pair),
      ctx.limits.count('loginAddress', ip),
      ctx.limits.count('loginAccount', email),
    ]);
    const free = accountFailures > LOGIN.underAttackAfter ? LOGIN.freeFailuresUnderAttack : LOGIN.freeFailures;
    const block = loginBlockSeconds(pairFailures, free);
    if (block > 0) await ctx.limits.block('loginPairBlock', pair, block);
    if (accountWait !== null) {
      // Past the cap a wrong password mails nothing: the day's alert went out long before (at `alertAfter`).
      throw tooMany('loginAccount', accountWait);
    }
    if (user && accountFailures >= LOGIN.alertAfter) await alertOwner(ctx, user, accountFailures);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (accountWait !== null && !(await isKnownDevice(ctx, user.id, deviceCookie))) {
    await recordLoginLink(ctx, user);
    throw new AppError('SECOND_STEP_REQUIRED');
  }
  // The owner's own address starts afresh; the account-wide count stays (it bounds guessing).
  await Promise.all([ctx.limits.reset('loginPairFailures', pair), ctx.limits.reset('loginPairBlock', pair)]);
  const token = await createSession(ctx.db, user.id, ctx.config.sessionDays, { userAgent, ip });
  return { user, token };
}

/**
 * E-mails the owner that their password is being tried: once per account per `loginAlertMail` window, recorded in the
 * durable queue before the answer (sign-up already tells whether an address has an account, so the few milliseconds
 * this adds tell nothing more).
 */
async function alertOwner(ctx: AppContext, user: UserRow, failures: number) {
  if ((await ctx.limits.take('loginAlertMail', user.id)) !== null) return;
  const resetLink = `${ctx.config.publicUrl}/forgot-password`;
  await enqueueMail(ctx.db, `sign-in-alert:${user.id}:${randomUUID()}`, { to: user.email, ...signInAlertMail({ username: user.username, failures, resetLink }, languageOf(user)) });
}

/** Mail goes in the language the user chose on the settings page (ADR 0032). */
export function languageOf(user: Pick<UserRow, 'emailLanguage'>): MailLanguage {
  return user.emailLanguage;
}

/** The durable queue's kind for a password reset asked for (ADR 0053): the look-up and the mail happen in it. */
export const PASSWORD_RESET_JOB = 'password-reset';

/**
 * Answers at once, the same for every e-mail: the request records a job whatever the address (the look-up, the link
 * and the mail happen in it, so the time taken tells nothing about who has an account), durably, so an answered
 * request's mail is sent even if the server stops right after. Limited per address (429) and, silently, per e-mail
 * (3 mails an hour).
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string) {
  await ctx.limits.consume('forgotAddress', ip);
  if ((await ctx.limits.take('forgotEmail', email)) !== null) return;
  await enqueueJob(ctx.db, PASSWORD_RESET_JOB, `password-reset:${randomUUID()}`, { email });
}

/** The `password-reset` job: a new link for the account with that e-mail, if there is one, and its mail. */
export async function sendPasswordReset(ctx: AppContext, payload: { email: string }, job: { key: string }) {
  const [user] = await ctx.db.select(userColumns).from(users).where(and(eq(users.email, payload.email), isNull(users.deletedAt))).limit(1);
  if (!user) return;
  const token = newToken();
  await ctx.db.insert(passwordResets).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_MS),
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  // A run again after a crash mails a newer link under the same Message-ID: one mail, and its link works.
  await ctx.mailer.send({ to: user.email, ...passwordResetMail({ username: user.username, link }, languageOf(user)), messageId: messageIdOfJob(job.key, ctx.config.publicUrl) });
}

export async function resetPassword(ctx: AppContext, input: z.output<typeof resetPasswordSchema>) {
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.db.transaction(async (tx) => {
    // Claiming the token and changing the password happen together or not at all.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) return null;
    const [before] = await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, claimed.userId)).for('update');
    if (before && before.verifiedAt === null) {
      // The account was never confirmed, so whoever set its payout details may not be the mailbox's owner (a
      // squatter on someone's address): they go. The reset link reached the mailbox, which confirms it (ADR 0050).
      await tx.delete(payoutDetails).where(eq(payoutDetails.userId, claimed.userId));
    }
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, claimed.userId));
    // A reset logs out every device: whoever knew the old password loses access, and their sign-in links too.
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    await tx.delete(loginLinks).where(eq(loginLinks.userId, claimed.userId));
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, claimed.userId));
    return owner ?? null;
  });
  if (!done) throw fieldError('RESET_LINK_INVALID', 'token');
  // The owner proved they hold the mailbox: the account-wide bound starts again (ADR 0021).
  await ctx.limits.reset('loginAccount', done.email);
}
