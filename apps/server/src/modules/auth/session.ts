import { MESSAGES } from '@cusp/shared';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { sessions, userColumns, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

export const SESSION_COOKIE = 'cusp_session';

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: string, days: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + days * 86_400_000),
  });
  return token;
}

export async function findSessionUser(db: Db, token: string): Promise<UserRow | null> {
  const rows = await db
    .select({ user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0]?.user ?? null;
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export function setSessionCookie(reply: FastifyReply, token: string, days: number, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: days * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user of this request, read from the session cookie; null for a visitor. */
    user: UserRow | null;
    sessionToken: string | null;
  }
}

/** The caller, or 401: every protected call starts here. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED', MESSAGES.loginRequired);
  return request.user;
}

/** The caller if an administrator; 401 for visitors, 403 for everyone else. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw new AppError('FORBIDDEN', MESSAGES.adminOnly);
  return user;
}

/**
 * Route options for protected routes: identity is checked before the body is validated, so a
 * visitor gets 401 rather than a list of field errors.
 */
export const loggedIn = { preValidation: async (request: FastifyRequest) => void requireUser(request) };
export const adminOnly = { preValidation: async (request: FastifyRequest) => void requireAdmin(request) };
