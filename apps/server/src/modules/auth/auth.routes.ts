import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  loginLinkSchema,
  loginSchema,
  messageAnswerSchema,
  registerSchema,
  resetPasswordSchema,
  sessionUserAnswerSchema,
  verifyEmailSchema,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { AppError, parseWith } from '../../errors.js';
import { discardMedia, storeMedia, type StoredMedia } from '../../platform/storage/media-store.js';
import { mailLanguageOf } from '../../platform/mail/templates.js';
import { toSessionUser } from './user.presenter.js';
import * as auth from './auth.service.js';
import { claimLoginLink, DEVICE_COOKIE, setDeviceCookie } from './second-step.js';
import { clearSessionCookie, createSession, deleteSession, hashToken, loggedIn, requireUser, setSessionCookie } from './session.js';
import { resendVerification, verifyEmail } from './verification.js';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;

  app.post('/auth/register', { schema: { response: { 201: sessionUserAnswerSchema } } }, async (request, reply) => {
    const { fields, picture } = request.isMultipart()
      ? await readRegisterForm(ctx, request)
      : { fields: request.body, picture: null };
    try {
      const input = parseWith(registerSchema, fields ?? {});
      // Its e-mails, the first being the address check, in the language the member signed up in (docs/decisions/0059).
      const user = await auth.register(ctx, input, request.ip, picture?.url ?? null, mailLanguageOf(request));
      return reply.status(201).send({ user: toSessionUser(user) });
    } catch (error) {
      // A refused sign-up keeps nothing, not even the picture that came with it.
      await discardMedia(ctx.storage, picture);
      throw error;
    }
  });

  app.post('/auth/login', { schema: { body: loginSchema, response: { 200: sessionUserAnswerSchema } } }, async (request, reply) => {
    const { email, password } = request.body;
    const { user, token } = await auth.login(ctx, email, password, request.ip, request.headers['user-agent'], request.cookies[DEVICE_COOKIE]);
    setSessionCookie(reply, token, config.sessionDays, config.secureCookies);
    await setDeviceCookie(ctx, reply, user.id);
    return { user: toSessionUser(user) };
  });

  // The one-time link mailed past an account's cap of failed sign-ins (ADR 0050): signs in like the password does.
  app.post('/auth/login-link', { schema: { body: loginLinkSchema, response: { 200: sessionUserAnswerSchema } } }, async (request, reply) => {
    const user = await claimLoginLink(ctx, request.body.token);
    const token = await createSession(ctx.db, user.id, config.sessionDays, { userAgent: request.headers['user-agent'], ip: request.ip });
    setSessionCookie(reply, token, config.sessionDays, config.secureCookies);
    await setDeviceCookie(ctx, reply, user.id);
    return { user: toSessionUser(user) };
  });

  // The link mailed at sign-up (ADR 0050); the token is the proof, so no session is needed.
  app.post('/auth/verify-email', { schema: { body: verifyEmailSchema, response: { 200: messageAnswerSchema } } }, async (request) =>
    verifyEmail(ctx, request.body.token),
  );

  app.post('/auth/verify-email/resend', { ...loggedIn, schema: { response: { 200: messageAnswerSchema } } }, async (request) =>
    resendVerification(ctx, requireUser(request)),
  );

  app.get('/auth/me', { schema: { response: { 200: sessionUserAnswerSchema } } }, async (request) => ({ user: toSessionUser(requireUser(request)) }));

  app.post('/auth/logout', async (request, reply) => {
    if (request.sessionToken) {
      await deleteSession(ctx.db, request.sessionToken);
      // The session's open sockets end with it.
      ctx.realtime.disconnectSession(hashToken(request.sessionToken));
    }
    clearSessionCookie(reply, config.secureCookies);
    return reply.status(204).send();
  });

  app.post('/auth/forgot-password', { schema: { body: forgotPasswordSchema, response: { 200: messageAnswerSchema } } }, async (request) => {
    await auth.requestPasswordReset(ctx, request.body.email, request.ip);
    return { message: auth.FORGOT_SENT };
  });

  app.post('/auth/reset-password', { schema: { body: resetPasswordSchema, response: { 200: messageAnswerSchema } } }, async (request) => {
    await auth.resetPassword(ctx, request.body);
    return { message: auth.RESET_DONE };
  });
};

const TEXT_FIELDS = z.enum(['username', 'email', 'password', 'confirmPassword', 'phone', 'profilePictureURL']);

/** Multipart sign-up: text fields plus an optional `picture` file, streamed to storage. */
async function readRegisterForm(ctx: AppContext, request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let picture: StoredMedia | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'picture' || picture) {
          part.file.resume();
          throw new AppError('PICTURE_ONE_FILE');
        }
        if (!part.filename) {
          // An empty file input still sends a part; it means "no picture".
          part.file.resume();
          continue;
        }
        // Refuse the sign-up before storing anything when the limit is already reached.
        await auth.checkRegisterAllowed(ctx, request.ip);
        picture = await storeMedia(ctx.storage, part, { imagesOnly: true });
      } else if (TEXT_FIELDS.safeParse(part.fieldname).success) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    await discardMedia(ctx.storage, picture);
    throw error;
  }
  return { fields, picture };
}
