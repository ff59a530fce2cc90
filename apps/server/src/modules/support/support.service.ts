import type { z } from 'zod';
import { MESSAGES, type newsletterSchema, type supportTicketSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { newsletterSubscribers, supportTickets } from '../../db/schema/index.js';

export const { alreadySubscribed: ALREADY_SUBSCRIBED, subscribed: SUBSCRIBED } = MESSAGES;

/** D25: the ticket is stored first (so nothing is lost if mail fails), then support is told. */
export async function createTicket(
  ctx: AppContext,
  input: z.output<typeof supportTicketSchema>,
  userId: string | null,
) {
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

/** Stores an e-mail once; true when it is new. */
export async function subscribe(ctx: AppContext, input: z.output<typeof newsletterSchema>): Promise<boolean> {
  const inserted = await ctx.db
    .insert(newsletterSubscribers)
    .values({ email: input.email })
    .onConflictDoNothing()
    .returning({ email: newsletterSubscribers.email });
  return inserted.length > 0;
}
