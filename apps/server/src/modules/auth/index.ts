/** The auth module's public entry (docs/decisions/0029): sessions, passwords and the caller's user as JSON. */
export { authRoutes } from './auth.routes.js';
export { languageOf, PASSWORD_RESET_JOB, sendPasswordReset } from './auth.service.js';
export { sendVerificationMail, VERIFICATION_MAIL_JOB } from './verification.js';
export { LOGIN_LINK_JOB, sendLoginLinkMail } from './second-step.js';
export { hashPassword, verifyPassword } from './password.js';
export {
  SESSION_COOKIE,
  adminOnly,
  clearSessionCookie,
  deleteExpiredSessions,
  findSession,
  findSessionUser,
  hashToken,
  loggedIn,
  newToken,
  requireAdmin,
  requireUser,
  touchSession,
} from './session.js';
export { toPublicUser, toSessionUser } from './user.presenter.js';
export { requireVerified, verifiedOnly } from './verification.js';
