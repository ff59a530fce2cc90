import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { line, optionalMediaUrl } from './fields.js';
import { errorCode } from '../error-code.js';
import type { ErrorCodeName as ErrorCode } from '../error-code.js';

/**
 * Auth contracts. Messages are those of docs/product.md §14.2; the same schema validates the
 * form in the browser and the body on the server, so both say the same thing.
 */

const required = (missing: ErrorCode, options: { digits?: boolean } = {}) => line({ error: missing }, options).min(1, missing);

const email = (missing: 'FILL_IN_EMAIL' | 'FILL_OUT_EMAIL') =>
  required(missing).pipe(z.email(errorCode('EMAIL_INVALID'))).transform((v) => v.toLowerCase());

const password = (missing: 'FILL_OUT_PASSWORD') =>
  line({ error: missing }, { trim: false })
    .min(1, missing)
    .min(PASSWORD_MIN_LENGTH, errorCode('PASSWORD_LENGTH'))
    .max(PASSWORD_MAX_LENGTH, errorCode('PASSWORD_LENGTH'));

export const loginSchema = z.object({
  email: email('FILL_IN_EMAIL'),
  password: line({ error: errorCode('FILL_IN_PASSWORD') }, { trim: false }).min(1, errorCode('FILL_IN_PASSWORD')),
});
export type LoginInput = z.input<typeof loginSchema>;


export const registerSchema = z
  .object({
    username: required('FILL_OUT_USERNAME').pipe(
      z.string().regex(/^[\p{L}\p{N}._-]{3,30}$/u, errorCode('USERNAME_INVALID')),
    ),
    email: email('FILL_OUT_EMAIL'),
    password: password('FILL_OUT_PASSWORD'),
    confirmPassword: line({ error: errorCode('FILL_OUT_CONFIRM_PASSWORD') }, { trim: false }).min(1, errorCode('FILL_OUT_CONFIRM_PASSWORD')),
    phone: required('FILL_OUT_PHONE', { digits: true }).pipe(z.string().regex(/^\+?[0-9 ()-]{6,20}$/, errorCode('PHONE_INVALID'))),
    profilePictureURL: optionalMediaUrl,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: errorCode('PASSWORDS_DO_NOT_MATCH'),
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: email('FILL_IN_EMAIL') });

export const resetPasswordSchema = z
  .object({
    token: line({ error: errorCode('RESET_TOKEN_INVALID') }).min(1, errorCode('RESET_TOKEN_INVALID')).max(200, errorCode('RESET_TOKEN_INVALID')),
    password: password('FILL_OUT_PASSWORD'),
    confirmPassword: line({ error: errorCode('FILL_OUT_CONFIRM_PASSWORD') }, { trim: false }).min(1, errorCode('FILL_OUT_CONFIRM_PASSWORD')),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: errorCode('PASSWORDS_DO_NOT_MATCH'),
    path: ['confirmPassword'],
  });

/** The token of a one-time link (e-mail verification, sign-in link): a random base64url string. */
const linkToken = (message: ErrorCode) => line({ error: message }).min(1, message).max(200, message);

/** `POST /auth/verify-email`: the token of the link mailed at sign-up (ADR 0050). */
export const verifyEmailSchema = z.object({ token: linkToken(errorCode('VERIFY_LINK_INVALID')) });

/** `POST /auth/login-link`: the token of the one-time sign-in link mailed past the account's cap (ADR 0050). */
export const loginLinkSchema = z.object({ token: linkToken(errorCode('LOGIN_LINK_INVALID')) });
