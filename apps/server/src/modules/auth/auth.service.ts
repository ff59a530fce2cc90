import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MESSAGES, rateLimitedMessage, type registerSchema, type resetPasswordSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { passwordResets, sessions, userColumns, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.js';
import { createSession, hashToken, newToken } from './session.js';

export const { invalidCredentials: INVALID_CREDENTIALS, emailTaken: EMAIL_TAKEN, usernameTaken: USERNAME_TAKEN } = MESSAGES;
export const { resetLinkInvalid: RESET_LINK_INVALID, resetDone: RESET_DONE, forgotSent: FORGOT_SENT } = MESSAGES;

/** Limits for D6: failures per e-mail and per address over a quarter of an hour; sign-ups per hour. */
export const LIMITS = {
  loginPerEmail: 5,
  loginPerIp: 30,
  loginWindowMs: 15 * 60_000,
  registerPerIp: 20,
  registerWindowMs: 60 * 60_000,
  resetMailsPerEmail: 3,
  resetWindowMs: 60 * 60_000,
  resetTokenMs: 60 * 60_000,
};

function tooMany(seconds: number, what: string): AppError {
  return new AppError('RATE_LIMITED', rateLimitedMessage(what, seconds), undefined, { 'retry-after': String(seconds) });
}

async function firstBlock(ctx: AppContext, checks: Array<[string, number]>): Promise<number | null> {
  let longest: number | null = null;
  for (const [key, limit] of checks) {
    const seconds = await ctx.limiter.blockedFor(key, limit);
    if (seconds !== null && (longest === null || seconds > longest)) longest = seconds;
  }
  return longest;
}

export async function checkRegisterAllowed(ctx: AppContext, ip: string) {
  const blocked = await firstBlock(ctx, [[`register:ip:${ip}`, LIMITS.registerPerIp]]);
  if (blocked !== null) throw tooMany(blocked, 'sign-ups from this network');
}

export async function register(
  ctx: AppContext,
  input: z.output<typeof registerSchema>,
  ip: string,
  image: string | null,
): Promise<UserRow> {
  await checkRegisterAllowed(ctx, ip);
  await ctx.limiter.hit(`register:ip:${ip}`, LIMITS.registerWindowMs);
  await assertAvailable(ctx, input.email, input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await ctx.db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        passwordHash,
        phone: input.phone,
        image: image ?? (input.profilePictureURL || null),
      })
      .returning(userColumns);
    return row!;
  } catch (error) {
    // Two sign-ups racing for the same name: the unique index decides, we say which field.
    if (isUniqueViolation(error)) {
      await assertAvailable(ctx, input.email, input.username);
      throw new AppError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN });
    }
    throw error;
  }
}

async function assertAvailable(ctx: AppContext, email: string, username: string) {
  const taken = await ctx.db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(sql`${users.email} = ${email} or lower(${users.username}) = lower(${username})`);
  if (taken.some((t) => t.email === email)) throw new AppError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN });
  if (taken.length > 0) throw new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });
}

export async function login(ctx: AppContext, email: string, password: string, ip: string) {
  const ipKey = `login:ip:${ip}`;
  const emailKey = `login:email:${email}`;
  const blocked = await firstBlock(ctx, [
    [ipKey, LIMITS.loginPerIp],
    [emailKey, LIMITS.loginPerEmail],
  ]);
  if (blocked !== null) throw tooMany(blocked, 'login attempts');

  const [user] = await ctx.db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!user || !ok) {
    await ctx.limiter.hit(ipKey, LIMITS.loginWindowMs);
    await ctx.limiter.hit(emailKey, LIMITS.loginWindowMs);
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  await ctx.limiter.reset(emailKey);
  const token = await createSession(ctx.db, user.id, ctx.config.sessionDays);
  return { user, token };
}

export async function requestPasswordReset(ctx: AppContext, email: string) {
  const key = `reset:email:${email}`;
  // Same answer whatever happens, so the call cannot tell who has an account.
  if ((await ctx.limiter.blockedFor(key, LIMITS.resetMailsPerEmail)) !== null) return;
  const [user] = await ctx.db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  await ctx.limiter.hit(key, LIMITS.resetWindowMs);
  const token = newToken();
  await ctx.db.insert(passwordResets).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + LIMITS.resetTokenMs),
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your Cusp password',
    text: `Hello ${user.username},\n\nSomeone asked to reset the password of your Cusp account. If it was you, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n\nThe Cusp team`,
  });
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
    if (!claimed) return false;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, claimed.userId));
    // A reset logs out every device: whoever knew the old password loses access.
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    return true;
  });
  if (!done) throw new AppError('BAD_REQUEST', RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
}
