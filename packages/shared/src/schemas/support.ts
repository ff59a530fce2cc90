import { z } from 'zod';
import { line, text as multiLineText } from './fields.js';

const fillIn = (field: string) => `Please fill in the ${field} field.`;
const text = (field: string, max: number, multiLine = false) =>
  (multiLine ? multiLineText : line)({ error: fillIn(field) }).min(1, fillIn(field)).max(max, `The ${field} field is too long.`);

export const supportTicketSchema = z.object({
  name: text('name', 100),
  email: text('email', 254).pipe(z.email('Please enter a valid email address.')),
  subject: text('subject', 200),
  message: text('message', 5000, true),
});
export type SupportTicketInput = z.input<typeof supportTicketSchema>;

export const newsletterSchema = z.object({
  email: line({ error: 'Please enter your email.' })
    .min(1, 'Please enter your email.')
    .pipe(z.email('Please enter a valid email address.'))
    .transform((v) => v.toLowerCase()),
});
