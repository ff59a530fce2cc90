import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { MESSAGES, type supportTicketSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { newsletterSubscribers, supportTickets } from '../../db/schema/index.js';
import { newsletterConfirmMail, type MailLanguage } from '../../platform/mail/templates.js';
import { hashToken, newToken } from '../auth/index.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { enqueueMail, messageIdOfJob } from '../../platform/mail/queued-mail.js';

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
  // Stored and, in the same transaction, support's mail recorded (ADR 0053): the mail goes out once, even if the mail
  // server is down for a while (retried) or the server stops right after answering.
  const ticket = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(supportTickets).values({ ...input, userId }).returning({ id: supportTickets.id });
    await enqueueMail(tx, `support-ticket:${row!.id}`, {
      to: ctx.config.supportEmail,
      replyTo: input.email,
      subject: `[Support #${row!.id.slice(0, 8)}] ${input.subject}`,
      text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
    });
    return row!;
  });
  return ticket.id;
}

/** A confirmation link lasts a week. */
export const CONFIRM_TOKEN_MS = 7 * 24 * 3600_000;

/** The durable queue's kind for a newsletter sign-up (ADR 0053): the pending row, the link and the mail happen in it. */
export const NEWSLETTER_CONFIRMATION_JOB = 'newsletter-confirmation';

/**
 * Newsletter sign-up, double opt-in (ADR 0021): limited per address (429) and, silently, per e-mail (`newsletterEmail`
 * a day); then a job is recorded whatever the address, which stores it as pending with a new link and mails it.
 * Nobody is subscribed until the link is opened; an address already confirmed gets no mail.
 */
export async function subscribe(ctx: AppContext, email: string, ip: string, lang: MailLanguage) {
  await ctx.limits.consume('newsletterAddress', ip);
  if ((await ctx.limits.take('newsletterEmail', email)) !== null) return;
  await enqueueJob(ctx.db, NEWSLETTER_CONFIRMATION_JOB, `newsletter-confirmation:${randomUUID()}`, { email, lang });
}

/** The `newsletter-confirmation` job. */
export async function sendConfirmation(ctx: AppContext, payload: { email: string; lang: MailLanguage }, job: { key: string }) {
  const token = newToken();
  const pending = {
    tokenHash: hashToken(token),
    tokenExpiresAt: new Date(Date.now() + CONFIRM_TOKEN_MS),
  };
  const stored = await ctx.db
    .insert(newsletterSubscribers)
    .values({ email: payload.email, ...pending })
    .onConflictDoUpdate({ target: newsletterSubscribers.email, set: pending, where: isNull(newsletterSubscribers.confirmedAt) })
    .returning({ email: newsletterSubscribers.email });
  if (stored.length === 0) return; // confirmed already
  const link = `${ctx.config.publicUrl}/api/newsletter/confirm?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({ to: payload.email, ...newsletterConfirmMail({ link }, payload.lang), messageId: messageIdOfJob(job.key, ctx.config.publicUrl) });
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
