import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  DELETED_USERNAME_PREFIX,
  formatMoney,
  fromMinor,
  OPEN_ORDER_STATUSES,
  type AccountJson,
  type AccountSessionJson,
  type changeEmailSchema,
  type changePasswordSchema,
  type EmailLanguage,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  conversationAttachments,
  emailChanges,
  emailVerifications,
  files,
  ledgerEntries,
  lessonProgress,
  loginLinks,
  newsletterSubscribers,
  orderFiles,
  orders,
  passwordResets,
  prescriptionPresets,
  services,
  sessions,
  supportTickets,
  userColumns,
  users,
  type UserRow,
} from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { emailChangeConfirmMail, emailChangedMail, emailChangeRequestedMail } from '../../platform/mail/templates.js';
import { enqueueMail } from '../../platform/mail/queued-mail.js';
import { languageOf, hashPassword, verifyPassword, hashToken, newToken } from '../auth/index.js';
import { balanceOf } from '../ledger/index.js';
import { cancelUnpaidOrdersOf } from '../orders/index.js';
import { catalogueChanged } from '../listings/index.js';
import { describeUserAgent } from './user-agent.js';

/** A change-of-e-mail link lasts a day (the new mailbox may be read later than the old one). */
export const EMAIL_CHANGE_MS = 24 * 3600_000;

/** Orders whose money sits in escrow and whose work is not finished: the account cannot go while one is open. */
const OPEN_STATUSES = [...OPEN_ORDER_STATUSES];

/** What a deleted account's password hash becomes: no argon2 hash, so no password ever matches it. */
const NO_PASSWORD = '!deleted';

function wrongPassword(field: string): AppError {
  return fieldError('WRONG_PASSWORD', field);
}

/**
 * Every request that proves the owner with the password goes through here (the settings page's, and changing the
 * payout details, docs/decisions/0051): counted per user (a stolen session cannot guess the password quickly), then
 * checked; a wrong one is a 400 on `field`.
 */
export async function checkPassword(ctx: AppContext, user: UserRow, password: string, field: string) {
  await ctx.limits.consume('accountPasswordUser', user.id);
  if (!(await verifyPassword(user.passwordHash, password))) throw wrongPassword(field);
}

async function pendingEmailOf(ctx: AppContext, userId: string): Promise<string | null> {
  const [pending] = await ctx.db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date())))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return pending?.newEmail ?? null;
}

export async function accountOf(ctx: AppContext, user: UserRow): Promise<AccountJson> {
  return {
    username: user.username,
    email: user.email,
    emailLanguage: user.emailLanguage,
    pendingEmail: await pendingEmailOf(ctx, user.id),
    createdAt: user.createdAt.toISOString(),
  };
}

export async function setEmailLanguage(ctx: AppContext, user: UserRow, emailLanguage: EmailLanguage): Promise<AccountJson> {
  const [row] = await ctx.db.update(users).set({ emailLanguage, updatedAt: new Date() }).where(eq(users.id, user.id)).returning(userColumns);
  return accountOf(ctx, row!);
}

/** Ends sessions (rows deleted first, then their open sockets closed, as logout does). */
function disconnect(ctx: AppContext, tokenHashes: string[]) {
  for (const tokenHash of tokenHashes) ctx.realtime.disconnectSession(tokenHash);
}

/**
 * Changes the password after checking the current one. Every other session of the user ends (whoever knew
 * the old password loses access); the one making the change stays signed in. Open reset links die too.
 */
export async function changePassword(ctx: AppContext, user: UserRow, currentToken: string, input: z.output<typeof changePasswordSchema>) {
  await checkPassword(ctx, user, input.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    return tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, hashToken(currentToken))))
      .returning({ tokenHash: sessions.tokenHash });
  });
  disconnect(ctx, ended.map((s) => s.tokenHash));
  return { message: ACCOUNT_MESSAGES.passwordChanged, endedSessions: ended.length };
}

/**
 * Asks for a new e-mail address: checks the password, refuses an address already registered (the same
 * sentence sign-up gives, and no more), stores a hashed single-use token and mails the link to the new
 * address; the old address is told. Nothing changes until the link is opened. A new request replaces
 * the previous link.
 */
export async function requestEmailChange(ctx: AppContext, user: UserRow, input: z.output<typeof changeEmailSchema>) {
  await checkPassword(ctx, user, input.password, 'password');
  if (input.email === user.email) throw fieldError('SAME_EMAIL', 'email');
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (taken) throw fieldError('EMAIL_TAKEN', 'email');
  await ctx.limits.consume('emailChangeUser', user.id);
  const token = newToken();
  const lang = languageOf(user);
  const link = `${ctx.config.publicUrl}/api/account/email/confirm?token=${encodeURIComponent(token)}`;
  // The link and both mails in one transaction (ADR 0053): a stored link is always mailed, a mailed one always works.
  await ctx.db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({ tokenHash: hashToken(token), userId: user.id, newEmail: input.email, expiresAt: new Date(Date.now() + EMAIL_CHANGE_MS) });
    await enqueueMail(tx, `email-change-confirm:${hashToken(token)}`, { to: input.email, ...emailChangeConfirmMail({ username: user.username, newEmail: input.email, link }, lang) });
    await enqueueMail(tx, `email-change-requested:${hashToken(token)}`, {
      to: user.email,
      ...emailChangeRequestedMail({ username: user.username, newEmail: input.email, settingsLink: `${ctx.config.publicUrl}/settings` }, lang),
    });
  });
  return { message: ACCOUNT_MESSAGES.emailChangeSent, pendingEmail: input.email };
}

export type EmailConfirmOutcome = 'changed' | 'invalid' | 'taken';

/**
 * The link of the mail: claims the token (unknown, used or expired: `invalid`) and changes the address in
 * the same transaction. If someone registered the address meanwhile, nothing changes (`taken`).
 */
export async function confirmEmailChange(ctx: AppContext, token: string | undefined): Promise<EmailConfirmOutcome> {
  if (!token) return 'invalid';
  let done: { userId: string; oldEmail: string; newEmail: string; user: UserRow } | null;
  try {
    done = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(emailChanges)
        .set({ usedAt: new Date() })
        .where(and(eq(emailChanges.tokenHash, hashToken(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date())))
        .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
      if (!claimed) return null;
      const [before] = await tx.select(userColumns).from(users).where(and(eq(users.id, claimed.userId), isNull(users.deletedAt))).for('update');
      if (!before) return null;
      // The link reached the new mailbox: the new address is confirmed as it becomes the account's (ADR 0050).
      await tx.update(users).set({ email: claimed.newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, claimed.userId));
      await tx.delete(emailChanges).where(and(eq(emailChanges.userId, claimed.userId), isNull(emailChanges.usedAt)));
      // The old address is told, with the change or not at all (ADR 0053).
      await enqueueMail(tx, `email-changed:${hashToken(token)}`, {
        to: before.email,
        ...emailChangedMail({ username: before.username, newEmail: claimed.newEmail, supportLink: `${ctx.config.publicUrl}/support` }, languageOf(before)),
      });
      return { userId: claimed.userId, oldEmail: before.email, newEmail: claimed.newEmail, user: before };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  if (!done) return 'invalid';
  return 'changed';
}

export async function listSessions(ctx: AppContext, user: UserRow, currentId: string | null): Promise<AccountSessionJson[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const list = rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    current: row.id === currentId,
  }));
  // This device first, then the most recently used.
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Ends one of the caller's sessions; someone else's id is answered like an unknown one (404). */
export async function endSession(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, user.id)))
    .returning({ tokenHash: sessions.tokenHash });
  if (ended.length === 0) throw new AppError('SESSION_NOT_FOUND');
  disconnect(ctx, ended.map((s) => s.tokenHash));
}

/** Ends every session of the caller but this one. */
export async function endOtherSessions(ctx: AppContext, user: UserRow, currentToken: string): Promise<number> {
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, hashToken(currentToken))))
    .returning({ tokenHash: sessions.tokenHash });
  disconnect(ctx, ended.map((s) => s.tokenHash));
  return ended.length;
}

const mediaKeyOf = (url: string | null) => (url?.startsWith('/media/') ? url.slice('/media/'.length) : null);
/** The thumbnail stored beside an uploaded image (platform/storage/media-store.ts). */
const thumbnailKeyOf = (key: string) => key.replace(/\.[a-z]+$/, '.thumb.webp');

/**
 * Deletes the account (ADR 0032). Refused (409) while one of the user's orders is open or holds money in
 * escrow, or while they have money available or a payout pending (ADR 0051: nobody could withdraw it after).
 * Otherwise, in one transaction: the personal data goes (name, e-mail and password hash replaced
 * by a tombstone; phone, avatar, wallpaper, bio, website, specializations, sessions, presets, pending
 * links, the newsletter address, shared files and unsent uploads), unpaid orders are cancelled, the
 * services are hidden, and what others need stays: orders, their files and timeline, reviews, messages and
 * payments, shown as "deleted user". Stored objects and open sockets go after the commit.
 */
export async function deleteAccount(ctx: AppContext, user: UserRow, password: string): Promise<void> {
  await checkPassword(ctx, user, password, 'password');
  const now = new Date();
  const mine = or(eq(orders.buyerId, user.id), eq(orders.sellerId, user.id));
  const result = await ctx.db.transaction(async (tx) => {
    // One deletion at a time per account, and no order of theirs changes state beneath the checks.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const open = await tx.select({ id: orders.id }).from(orders).where(and(mine, inArray(orders.status, OPEN_STATUSES))).limit(1).for('update');
    if (open.length > 0) throw new AppError('ACCOUNT_ORDERS_IN_PROGRESS');
    const [escrow] = await tx
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerEntries)
      .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
      .where(and(eq(ledgerEntries.account, 'escrow'), mine));
    if ((escrow?.sum ?? 0) !== 0) throw new AppError('ACCOUNT_MONEY_IN_ESCROW');
    // Their own money: a deleted account cannot sign in to request it, nor be told a payout was paid or rejected.
    const { available, reserved } = await balanceOf(tx, user.id);
    if (available > 0 || reserved > 0) {
      const money = (minor: number) => (minor > 0 ? formatMoney(fromMinor(minor, ctx.config.currency), ctx.config.currency) : null);
      throw new AppError('ACCOUNT_MONEY_TO_WITHDRAW', { message: ACCOUNT_MESSAGES.moneyToWithdrawAmounts(money(available), money(reserved)) });
    }

    // Orders never paid are cancelled by the orders module, their open payment attempts closed, so none is paid later.
    const announceCancelled = await cancelUnpaidOrdersOf(ctx, tx, user.id);
    const hiddenServices = await tx.update(services).set({ hidden: true, updatedAt: now }).where(eq(services.userId, user.id)).returning({ id: services.id });

    // Files nobody else needs: shared case-file links, and uploads never attached to an order or a message.
    const sharedFiles = await tx.delete(files).where(eq(files.userId, user.id)).returning({ key: files.storageKey });
    const unclaimedOrderFiles = await tx
      .delete(orderFiles)
      .where(and(eq(orderFiles.uploaderId, user.id), isNull(orderFiles.orderId)))
      .returning({ key: orderFiles.storageKey });
    const unsentAttachments = await tx
      .delete(conversationAttachments)
      .where(and(eq(conversationAttachments.uploaderId, user.id), isNull(conversationAttachments.claimedAt)))
      .returning({ key: conversationAttachments.storageKey });

    const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ tokenHash: sessions.tokenHash });
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id));
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, user.id));
    await tx.delete(loginLinks).where(eq(loginLinks.userId, user.id));
    await tx.delete(prescriptionPresets).where(eq(prescriptionPresets.userId, user.id));
    await tx.delete(lessonProgress).where(eq(lessonProgress.userId, user.id));
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email));
    const tombstone = `${DELETED_USERNAME_PREFIX}${user.id}`;
    await tx.update(supportTickets).set({ name: tombstone, email: `${user.id}@deleted.invalid` }).where(eq(supportTickets.userId, user.id));
    await tx
      .update(users)
      .set({
        username: tombstone,
        email: `${user.id}@deleted.invalid`,
        passwordHash: NO_PASSWORD,
        phone: '',
        image: null,
        wallpaper: null,
        description: null,
        website: null,
        experience: null,
        specializations: [],
        cadSoftware: [],
        isDesigner: false,
        isAdmin: false,
        isVerified: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    return {
      announceCancelled,
      ended: ended.map((s) => s.tokenHash),
      keys: [...sharedFiles, ...unclaimedOrderFiles, ...unsentAttachments].map((f) => f.key),
      servicesHidden: hiddenServices.length > 0,
    };
  });

  result.announceCancelled();
  disconnect(ctx, result.ended);
  if (result.servicesHidden || user.isDesigner) catalogueChanged(ctx, { designers: [user.id] });
  ctx.background.run('deleted account files', async () => {
    // The avatar and wallpaper go unless another profile or a service shows the same picture (a sign-up may
    // name any uploaded image).
    const mediaKeys: string[] = [];
    for (const url of new Set([user.image, user.wallpaper])) {
      const key = mediaKeyOf(url);
      if (!key || !url) continue;
      const [used] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(or(eq(users.image, url), eq(users.wallpaper, url)))
        .limit(1);
      const [shown] = await ctx.db
        .select({ id: services.id })
        .from(services)
        .where(or(eq(services.cover, url), sql`${url} = any(${services.images})`))
        .limit(1);
      if (!used && !shown) mediaKeys.push(key, thumbnailKeyOf(key));
    }
    const keys = [...result.keys, ...mediaKeys];
    // An image URL that names no stored object (or an unsafe key) is nothing to delete.
    for (const key of keys) await ctx.storage.delete(key).catch(() => {});
  });
}
