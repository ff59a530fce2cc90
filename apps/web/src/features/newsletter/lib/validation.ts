/**
 * Loaded on the first submit: the shared schema (and zod) and the message table stay out of the
 * footer, which every page renders.
 */
import { newsletterSchema } from '@cusp/shared';

export { translateError, translateMessage } from '@/lib/messages';

export type NewsletterCheck = { ok: true; email: string } | { ok: false; message: string };

export function checkNewsletterEmail(email: string): NewsletterCheck {
  const result = newsletterSchema.safeParse({ email });
  if (result.success) return { ok: true, email: result.data.email };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Please enter a valid email address.' };
}
