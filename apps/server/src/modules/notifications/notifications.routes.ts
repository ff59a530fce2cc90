import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isNotificationKind,
  markNotificationsReadInput,
  notificationListQuery,
  notificationPageJsonSchema,
  notificationPreferencesInput,
  notificationPreferencesJsonSchema,
  notificationsReadJsonSchema,
  unreadCountJsonSchema,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { loggedIn, requireUser } from '../auth/index.js';
import { escapeHtml, KIND_NAMES, UNSUBSCRIBE_PAGE, type MailLanguage } from './mail-templates.js';
import * as service from './notifications.service.js';
import { validUnsubscribe } from './unsubscribe.js';

/** The signed link's query: anything malformed is simply "not valid" (the page says so), never a 500. */
const unsubscribeQuery = z.object({ u: z.string().max(100).default(''), k: z.string().max(100).default(''), s: z.string().max(200).default('') });

/**
 * docs/product.md §16, docs/decisions/0027. The member's own notifications (list, unread count, mark read), their
 * e-mail preferences, and the unsubscribe link of each e-mail, which works without a session (RFC 8058 one-click:
 * the mail provider POSTs to it).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: loggedIn.preValidation };
  app.get('/notifications', { ...member, schema: { querystring: notificationListQuery, response: { 200: notificationPageJsonSchema } } }, async (request) =>
    service.listNotifications(ctx, requireUser(request).id, request.query),
  );
  app.get('/notifications/unread-count', { ...member, schema: { response: { 200: unreadCountJsonSchema } } }, async (request) => ({ count: await service.unreadCount(ctx, requireUser(request).id) }));
  app.post('/notifications/read', { ...member, schema: { body: markNotificationsReadInput, response: { 200: notificationsReadJsonSchema } } }, async (request) =>
    service.markRead(ctx, requireUser(request).id, request.body),
  );
  app.get('/notifications/preferences', { ...member, schema: { response: { 200: notificationPreferencesJsonSchema } } }, async (request) => service.preferences(ctx, requireUser(request).id));
  app.patch('/notifications/preferences', { ...member, schema: { body: notificationPreferencesInput, response: { 200: notificationPreferencesJsonSchema } } }, async (request) =>
    service.updatePreferences(ctx, requireUser(request).id, request.body.email),
  );

  {
    const open = app;
    // RFC 8058's POST body is `List-Unsubscribe=One-Click`, form-encoded; the signed query is what counts.
    open.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const page = async (query: z.output<typeof unsubscribeQuery>) => {
      const ok = isNotificationKind(query.k) && (await validUnsubscribe(ctx, query.u, query.k, query.s));
      const [user] = ok ? await ctx.db.select({ lang: users.emailLanguage }).from(users).where(eq(users.id, query.u)) : [];
      const lang: MailLanguage = user?.lang === 'ar' ? 'ar' : 'en';
      return { ok: ok && !!user, lang, kindName: isNotificationKind(query.k) ? KIND_NAMES[lang][query.k] : '' };
    };
    // A person opening the link sees a button (a mail scanner following links unsubscribes nobody).
    open.get('/notifications/unsubscribe', { schema: { querystring: unsubscribeQuery } }, async (request, reply) => {
      const { ok, lang, kindName } = await page(request.query);
      const t = UNSUBSCRIBE_PAGE[lang];
      if (!ok) return html(reply.status(400), lang, t.title, `<p>${escapeHtml(t.invalid)}</p>`);
      const action = `/api/notifications/unsubscribe?${new URLSearchParams(request.query).toString()}`;
      return html(
        reply,
        lang,
        t.title,
        `<p>${escapeHtml(t.ask(kindName))}</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t.button)}</button></form>`,
      );
    });
    open.post('/notifications/unsubscribe', { schema: { querystring: unsubscribeQuery } }, async (request, reply) => {
      const { ok, lang, kindName } = await page(request.query);
      const t = UNSUBSCRIBE_PAGE[lang];
      if (!ok || !isNotificationKind(request.query.k)) return html(reply.status(400), lang, t.title, `<p>${escapeHtml(t.invalid)}</p>`);
      await service.setEmailPreference(ctx, request.query.u, request.query.k, false);
      return html(reply, lang, t.title, `<p>${escapeHtml(t.done(kindName))}</p><p><a href="/settings#notifications">${escapeHtml(t.settings)}</a></p>`);
    });
  }
};

function html(reply: FastifyReply, lang: MailLanguage, title: string, body: string) {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Tahoma,sans-serif;max-width:560px;margin:48px auto;padding:0 16px"><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}
