import { z } from 'zod';
import { EMAIL_LANGUAGES } from '../schemas/account.js';

/** What the account settings answer (docs/product.md, ADR 0032), as response schemas (docs/decisions/0039). */

/** `GET /api/account` */
export const accountJsonSchema = z.object({
  username: z.string(),
  email: z.string(),
  emailLanguage: z.enum(EMAIL_LANGUAGES),
  /** The address waiting for its link to be opened, if a change was asked for and has not expired. */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountJson = z.infer<typeof accountJsonSchema>;

/** One signed-in device, `GET /api/account/sessions`. */
export const accountSessionJsonSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** "Firefox", "Chrome", "Safari", "Edge"... or null when the browser did not say. */
  browser: z.string().nullable(),
  /** "Windows", "macOS", "Android", "iOS", "Linux"... or null. */
  os: z.string().nullable(),
  /** The address last seen with it. */
  ip: z.string().nullable(),
  /** This device: the session of the request. */
  current: z.boolean(),
});
export type AccountSessionJson = z.infer<typeof accountSessionJsonSchema>;

/** `POST /api/account/password`: the other devices are signed out. */
export const passwordChangedJsonSchema = z.object({ message: z.string(), endedSessions: z.number() });
/** `POST /api/account/email` (202): the link went to the new address. */
export const emailChangeJsonSchema = z.object({ message: z.string(), pendingEmail: z.string() });
/** `DELETE /api/account/sessions`: how many other devices were signed out. */
export const sessionsEndedJsonSchema = z.object({ ended: z.number() });
