import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { line } from './fields.js';
import { errorCode } from '../error-code.js';

/**
 * Account settings (docs/decisions/0032): the language of e-mails, password, e-mail, sessions,
 * the data download and deleting the account. The same schemas check the forms and the bodies.
 */

export const EMAIL_LANGUAGES = ['en', 'ar'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

/** The server's sentences for the settings page (the web app maps them to its translations). */
export const ACCOUNT_MESSAGES = {
  wrongPassword: 'The password is not correct.',
  languageRequired: 'Please choose English or Arabic.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  samePassword: 'The new password must be different from the current one.',
  sameEmail: 'This is already your email address.',
  emailChangeSent: 'We have sent a link to the new address. Your email changes when you open it.',
  sessionNotFound: 'Session not found.',
  ordersInProgress: 'You have orders in progress. Finish or cancel them before deleting your account.',
  moneyInEscrow: 'Money for one of your orders is still held in escrow. Wait until it is released or refunded before deleting your account.',
  /** The code's sentence; the server's own names the amounts (moneyToWithdrawAmounts). */
  moneyToWithdraw: 'You still have money on Cusp. Request a payout of what is available or wait for your pending payout (or contact support), then delete your account.',
  moneyToWithdrawAmounts: (available: string | null, pending: string | null) =>
    available && pending
      ? `You still have ${available} available and a payout of ${pending} pending. Request a payout of what is available and wait for the pending one to be paid (or contact support), then delete your account.`
      : available
        ? `You still have ${available} available. Request a payout of it (or contact support if it is below the smallest payout), then delete your account.`
        : `A payout of ${pending} is still pending. Wait until it is paid (or contact support), then delete your account.`,
  accountDeleted: 'Your account has been deleted.',
} as const;

const newPassword = line({ error: errorCode('FILL_IN_NEW_PASSWORD') }, { trim: false })
  .min(1, errorCode('FILL_IN_NEW_PASSWORD'))
  .min(PASSWORD_MIN_LENGTH, errorCode('PASSWORD_LENGTH'))
  .max(PASSWORD_MAX_LENGTH, errorCode('PASSWORD_LENGTH'));

/**
 * The password that proves it is the owner: any non-empty text (it is only compared). Also asked by other changes
 * a stolen session must not make alone (payout details, docs/decisions/0051).
 */
export const currentPasswordField = (missing: 'FILL_IN_PASSWORD' | 'FILL_IN_CURRENT_PASSWORD') =>
  line({ error: missing }, { trim: false }).min(1, missing).max(PASSWORD_MAX_LENGTH * 4, errorCode('WRONG_PASSWORD'));

/** `PATCH /api/account` */
export const accountPatchSchema = z.object({ emailLanguage: z.enum(EMAIL_LANGUAGES, { error: errorCode('LANGUAGE_REQUIRED') }) });
export type AccountPatchInput = z.input<typeof accountPatchSchema>;

/** `POST /api/account/password` */
export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField('FILL_IN_CURRENT_PASSWORD'),
    newPassword,
    confirmPassword: line({ error: errorCode('FILL_IN_NEW_PASSWORD_AGAIN') }, { trim: false }).min(1, errorCode('FILL_IN_NEW_PASSWORD_AGAIN')),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: errorCode('PASSWORDS_DO_NOT_MATCH'), path: ['confirmPassword'] })
  .refine((v) => v.newPassword !== v.currentPassword, { message: errorCode('SAME_PASSWORD'), path: ['newPassword'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** `POST /api/account/email` */
export const changeEmailSchema = z.object({
  email: line({ error: errorCode('FILL_IN_NEW_EMAIL') })
    .min(1, errorCode('FILL_IN_NEW_EMAIL'))
    .max(254, errorCode('EMAIL_INVALID'))
    .pipe(z.email(errorCode('EMAIL_INVALID')))
    .transform((v) => v.toLowerCase()),
  password: currentPasswordField('FILL_IN_PASSWORD'),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** `DELETE /api/account` */
export const deleteAccountSchema = z.object({ password: currentPasswordField('FILL_IN_PASSWORD') });
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** `GET /api/account/email/confirm?token=` (the link in the mail). */
export const emailConfirmQuery = z.object({ token: line().max(200).optional() });

// AccountJson and AccountSessionJson: derived from the response schemas in ../responses/account.ts.

/** The files in the ZIP of `GET /api/account/export`. */
export const EXPORT_FILES = ['profile.json', 'services.json', 'orders.json', 'reviews.json', 'messages.json', 'files.json', 'sessions.json'] as const;
