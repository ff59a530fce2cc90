import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import {
  EMAIL_INVALID_MESSAGE,
  MESSAGES,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORDS_DO_NOT_MATCH,
  PHONE_MESSAGE,
  USERNAME_MESSAGE,
} from '../messages.js';
import { line, optionalMediaUrl } from './fields.js';

/**
 * Auth contracts. Messages are those of docs/product.md §14.2; the same schema validates the
 * form in the browser and the body on the server, so both say the same thing.
 */

const required = (template: (field: string) => string, field: string, options: { digits?: boolean } = {}) =>
  line({ error: template(field) }, options).min(1, template(field));

const fillIn = (field: string) => `Please fill in your ${field}.`;
const fillOut = (field: string) => `Please fill out your ${field}.`;


const email = (template: (field: string) => string) =>
  required(template, 'email').pipe(z.email(EMAIL_INVALID_MESSAGE)).transform((v) => v.toLowerCase());

const password = (template: (field: string) => string, field = 'password') =>
  line({ error: template(field) }, { trim: false })
    .min(1, template(field))
    .min(PASSWORD_MIN_LENGTH, PASSWORD_LENGTH_MESSAGE)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_LENGTH_MESSAGE);

export const loginSchema = z.object({
  email: email(fillIn),
  password: line({ error: fillIn('password') }, { trim: false }).min(1, fillIn('password')),
});
export type LoginInput = z.input<typeof loginSchema>;


export const registerSchema = z
  .object({
    username: required(fillOut, 'username').pipe(
      z.string().regex(/^[\p{L}\p{N}._-]{3,30}$/u, USERNAME_MESSAGE),
    ),
    email: email(fillOut),
    password: password(fillOut),
    confirmPassword: line({ error: fillOut('confirmPassword') }, { trim: false }).min(1, fillOut('confirmPassword')),
    phone: required(fillOut, 'phone', { digits: true }).pipe(z.string().regex(/^\+?[0-9 ()-]{6,20}$/, PHONE_MESSAGE)),
    profilePictureURL: optionalMediaUrl,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: email(fillIn) });

export const resetPasswordSchema = z
  .object({
    token: line({ error: 'The reset link is invalid.' }).min(1, 'The reset link is invalid.').max(200, 'The reset link is invalid.'),
    password: password(fillOut),
    confirmPassword: line({ error: fillOut('confirmPassword') }, { trim: false }).min(1, fillOut('confirmPassword')),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });

/** The token of a one-time link (e-mail verification, sign-in link): a random base64url string. */
const linkToken = (message: string) => line({ error: message }).min(1, message).max(200, message);

/** `POST /auth/verify-email`: the token of the link mailed at sign-up (ADR 0050). */
export const verifyEmailSchema = z.object({ token: linkToken(MESSAGES.verifyLinkInvalid) });

/** `POST /auth/login-link`: the token of the one-time sign-in link mailed past the account's cap (ADR 0050). */
export const loginLinkSchema = z.object({ token: linkToken(MESSAGES.loginLinkInvalid) });
