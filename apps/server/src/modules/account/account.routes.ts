import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  accountJsonSchema,
  accountPatchSchema,
  accountSessionJsonSchema,
  emailChangeJsonSchema,
  messageAnswerSchema,
  passwordChangedJsonSchema,
  sessionsEndedJsonSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  emailConfirmQuery,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { clearSessionCookie, loggedIn, requireUser } from '../auth/index.js';
import { exportAccount } from './account.export.js';
import * as account from './account.service.js';
import { idParam } from '../../http-params.js';

/** The web page the e-mail link lands on (a 303 from the link), with `?status=changed|invalid|taken`. */
export const EMAIL_CONFIRMED_PAGE = '/settings/email-confirmed';

const sessionParams = z.object({ id: idParam('SESSION_NOT_FOUND') });

/** The caller and the token of this very session (every settings route is for a signed-in owner). */
function owner(request: FastifyRequest) {
  const user = requireUser(request);
  return { user, token: request.sessionToken!, sessionId: request.sessionId };
}

/** Account settings (ADR 0032): every route is the signed-in owner's own, except the e-mail link. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/account', { ...loggedIn, schema: { response: { 200: accountJsonSchema } } }, async (request) => account.accountOf(ctx, requireUser(request)));

  app.patch('/account', { ...loggedIn, schema: { body: accountPatchSchema, response: { 200: accountJsonSchema } } }, async (request) =>
    account.setEmailLanguage(ctx, requireUser(request), request.body.emailLanguage),
  );

  app.post('/account/password', { ...loggedIn, schema: { body: changePasswordSchema, response: { 200: passwordChangedJsonSchema } } }, async (request) => {
    const { user, token } = owner(request);
    return account.changePassword(ctx, user, token, request.body);
  });

  app.post('/account/email', { ...loggedIn, schema: { body: changeEmailSchema, response: { 202: emailChangeJsonSchema } } }, async (request, reply) => {
    const result = await account.requestEmailChange(ctx, requireUser(request), request.body);
    return reply.status(202).send(result);
  });

  // The link of the mail. The token is the proof (the password was checked when the change was asked
  // for), so it works in any browser, signed in or not; it redirects to a page that says what happened.
  app.get('/account/email/confirm', { schema: { querystring: emailConfirmQuery } }, async (request, reply) => {
    const outcome = await account.confirmEmailChange(ctx, request.query.token);
    return reply.header('cache-control', 'no-store').redirect(`${EMAIL_CONFIRMED_PAGE}?status=${outcome}`, 303);
  });

  app.get('/account/sessions', { ...loggedIn, schema: { response: { 200: z.array(accountSessionJsonSchema) } } }, async (request) => {
    const { user, sessionId } = owner(request);
    return account.listSessions(ctx, user, sessionId);
  });

  app.delete('/account/sessions', { ...loggedIn, schema: { response: { 200: sessionsEndedJsonSchema } } }, async (request) => {
    const { user, token } = owner(request);
    return { ended: await account.endOtherSessions(ctx, user, token) };
  });

  app.delete('/account/sessions/:id', { ...loggedIn, schema: { params: sessionParams } }, async (request, reply) => {
    const { user, sessionId } = owner(request);
    await account.endSession(ctx, user, request.params.id);
    // Ending this device's own session is signing out here.
    if (request.params.id === sessionId) clearSessionCookie(reply, ctx.config.secureCookies);
    return reply.status(204).send();
  });

  app.get('/account/export', { ...loggedIn }, async (request, reply) => {
    const { user, sessionId } = owner(request);
    await ctx.limits.consume('exportUser', user.id);
    const stream = exportAccount(ctx, user, sessionId);
    stream.on('error', (err) => request.log.error({ err }, 'data export failed'));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="cusp-data-${day}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  app.delete('/account', { ...loggedIn, schema: { body: deleteAccountSchema, response: { 200: messageAnswerSchema } } }, async (request, reply) => {
    await account.deleteAccount(ctx, requireUser(request), request.body.password);
    clearSessionCookie(reply, ctx.config.secureCookies);
    return { message: ACCOUNT_MESSAGES.accountDeleted };
  });
};

