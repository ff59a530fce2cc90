import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { sessions, userColumns, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

export const SESSION_COOKIE = 'cusp_session';

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where a session was opened from (ADR 0032: the settings page lists sessions by browser and address). */
export interface SessionOrigin {
  userAgent?: string | null;
  ip?: string | null;
}

export async function createSession(db: Db, userId: string, days: number, origin: SessionOrigin = {}): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + days * 86_400_000),
    userAgent: origin.userAgent?.slice(0, 300) || null,
    ip: origin.ip ?? null,
  });
  return token;
}

/** How stale `last_seen_at` may get before a request writes it again: one write per session per 5 minutes. */
export const SESSION_TOUCH_MS = 5 * 60_000;

export interface FoundSession {
  user: UserRow;
  /** The session's public id (never its hash). */
  id: string;
  lastSeenAt: Date;
  ip: string | null;
}

/** The live session of a cookie's token and its user; null when unknown, expired, or the account was deleted. */
export async function findSession(db: Db, token: string): Promise<FoundSession | null> {
  const rows = await db
    .select({ user: userColumns, id: sessions.id, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date()), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findSessionUser(db: Db, token: string): Promise<UserRow | null> {
  return (await findSession(db, token))?.user ?? null;
}

/** Records that the session was used now from `ip`, at most once per `SESSION_TOUCH_MS` (or when the address changed). */
export async function touchSession(db: Db, token: string, found: FoundSession, ip: string, now = new Date()) {
  if (now.getTime() - found.lastSeenAt.getTime() < SESSION_TOUCH_MS && found.ip === ip) return;
  await db.update(sessions).set({ lastSeenAt: now, ip }).where(eq(sessions.tokenHash, hashToken(token)));
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
    /** The public id of the request's session (ADR 0032), null for a visitor. */
    sessionId: string | null;
  }
}

/** The caller, or 401: every protected call starts here. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/** The caller if an administrator; 401 for visitors, 403 for everyone else. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw new AppError('ADMIN_ONLY');
  return user;
}

/**
 * Route options for protected routes: identity is checked before the body is validated, so a
 * visitor gets 401 rather than a list of field errors.
 */
export const loggedIn = { preValidation: async (request: FastifyRequest) => void requireUser(request) };
export const adminOnly = { preValidation: async (request: FastifyRequest) => void requireAdmin(request) };
