import type { z } from 'zod';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { MESSAGES, type supportTicketSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { newsletterSubscribers, supportTickets } from '../../db/schema/index.js';
import { newsletterConfirmMail, type MailLanguage } from '../../platform/mail/templates.js';
import { hashToken, newToken } from '../auth/index.js';

export const { confirmSubscription: CONFIRM_SUBSCRIPTION } = MESSAGES;

/**
 * D25: the ticket is stored first (so nothing is lost if mail fails), then support is told. Limited per
 * address and per sender (ADR 0021): a script cannot fill the table and support's mailbox.
 */
export async function createTicket(
  ctx: AppContext,
  input: z.output<typeof supportTicketSchema>,
  userId: string | null,
  ip: string,
) {
  await ctx.limits.consumeAll([
    ['supportAddress', ip],
    ['supportSender', userId ?? input.email],
  ]);
  const [ticket] = await ctx.db
    .insert(supportTickets)
    .values({ ...input, userId })
    .returning({ id: supportTickets.id });
  try {
    await ctx.mailer.send({
      to: ctx.config.supportEmail,
      replyTo: input.email,
      subject: `[Support #${ticket!.id.slice(0, 8)}] ${input.subject}`,
      text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
    });
  } catch {
    // The ticket is safe in the database; support sees it there even when mail is down.
  }
  return ticket!.id;
}

/** A confirmation link lasts a week. */
export const CONFIRM_TOKEN_MS = 7 * 24 * 3600_000;

/**
 * Newsletter sign-up, double opt-in (ADR 0021): limited per address (429), then, after the answer, the
 * address is stored as pending with a new link, e-mailed to it (at most `newsletterEmail` a day, silently
 * past that). Nobody is subscribed until the link is opened; an address already confirmed gets no mail.
 */
export async function subscribe(ctx: AppContext, email: string, ip: string, lang: MailLanguage) {
  await ctx.limits.consume('newsletterAddress', ip);
  ctx.background.run('newsletter confirmation', () => sendConfirmation(ctx, email, lang));
}

async function sendConfirmation(ctx: AppContext, email: string, lang: MailLanguage) {
  if ((await ctx.limits.take('newsletterEmail', email)) !== null) return;
  const token = newToken();
  const pending = {
    tokenHash: hashToken(token),
    tokenExpiresAt: new Date(Date.now() + CONFIRM_TOKEN_MS),
  };
  const stored = await ctx.db
    .insert(newsletterSubscribers)
    .values({ email, ...pending })
    .onConflictDoUpdate({ target: newsletterSubscribers.email, set: pending, where: isNull(newsletterSubscribers.confirmedAt) })
    .returning({ email: newsletterSubscribers.email });
  if (stored.length === 0) return; // confirmed already
  const link = `${ctx.config.publicUrl}/api/newsletter/confirm?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({ to: email, ...newsletterConfirmMail({ link }, lang) });
}

/** Opens a confirmation link: true when it confirmed a pending address (it works once). */
export async function confirmSubscription(ctx: AppContext, token: string): Promise<boolean> {
  const confirmed = await ctx.db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date(), tokenHash: null, tokenExpiresAt: null })
    .where(and(eq(newsletterSubscribers.tokenHash, hashToken(token)), gt(newsletterSubscribers.tokenExpiresAt, new Date())))
    .returning({ email: newsletterSubscribers.email });
  return confirmed.length > 0;
}
