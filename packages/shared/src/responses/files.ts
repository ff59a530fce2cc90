import { z } from 'zod';
import { FILE_KINDS } from '../schemas/files.js';

/** What the case file routes answer (docs/product.md §8.1), as response schemas (docs/decisions/0039). */

export const fileRecordJsonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Direct link: the bytes, for anyone holding it, until the expiry date. */
  link: z.string(),
  /** The share page for people: name, size, expiry, download button and preview. */
  shareUrl: z.string(),
  uploadDate: z.string(),
  expiryDate: z.string(),
  createdAt: z.string(),
  size: z.number(),
  type: z.enum(FILE_KINDS),
});
export type FileRecordJson = z.infer<typeof fileRecordJsonSchema>;
/** `GET /api/file`: a page (the total is in X-Total-Count). */
export const fileRecordListJsonSchema = z.array(fileRecordJsonSchema);

/** `GET /api/files/{token}/info`: what the public share page may know about a link (no owner, no ids). */
export const sharedFileJsonSchema = z.object({
  name: z.string(),
  size: z.number(),
  type: z.enum(FILE_KINDS),
  uploadDate: z.string(),
  expiryDate: z.string(),
  link: z.string(),
});
export type SharedFileJson = z.infer<typeof sharedFileJsonSchema>;
