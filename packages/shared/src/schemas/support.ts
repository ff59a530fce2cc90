import { z } from 'zod';
import { line, text as multiLineText } from './fields.js';
import { errorCode } from '../error-code.js';
import type { ErrorCodeName as ErrorCode } from '../error-code.js';

const text = (max: number, missing: ErrorCode, tooLong: ErrorCode, multiLine = false) =>
  (multiLine ? multiLineText : line)({ error: missing }).min(1, missing).max(max, tooLong);

export const supportTicketSchema = z.object({
  name: text(100, 'FILL_IN_NAME_FIELD', 'NAME_TOO_LONG'),
  email: text(254, 'FILL_IN_EMAIL_FIELD', 'EMAIL_TOO_LONG').pipe(z.email(errorCode('EMAIL_INVALID'))),
  subject: text(200, 'FILL_IN_SUBJECT_FIELD', 'SUBJECT_TOO_LONG'),
  message: text(5000, 'FILL_IN_MESSAGE_FIELD', 'MESSAGE_FIELD_TOO_LONG', true),
});
export type SupportTicketInput = z.input<typeof supportTicketSchema>;

export const newsletterSchema = z.object({
  email: line({ error: errorCode('ENTER_EMAIL') })
    .min(1, errorCode('ENTER_EMAIL'))
    .pipe(z.email(errorCode('EMAIL_INVALID')))
    .transform((v) => v.toLowerCase()),
});
