import { z } from 'zod';

/** What the small routes answer (health, configuration, uploads, support), as response schemas (docs/decisions/0039). */

/** `GET /api/health` */
export const healthJsonSchema = z.object({ status: z.literal('ok') });
/** `GET /api/config`: what the web app needs to know about this installation. */
export const configJsonSchema = z.object({ currency: z.string(), platformName: z.string() });
export type ConfigJson = z.infer<typeof configJsonSchema>;

/** `POST /api/uploads` (docs/product.md §8.3; it keeps the media host's shape). */
export const uploadedMediaJsonSchema = z.object({
  secure_url: z.string(),
  thumbnail_url: z.string().nullable(),
  original_filename: z.string(),
  resource_type: z.enum(['image', 'video', 'raw']),
  bytes: z.number(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaJsonSchema>;

/** `POST /api/support/tickets` (201). */
export const ticketSentJsonSchema = z.object({ _id: z.string(), message: z.string() });
/** A row of `GET /api/admin/tickets`. */
export const supportTicketJsonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(['open', 'closed']),
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportTicketJson = z.infer<typeof supportTicketJsonSchema>;
