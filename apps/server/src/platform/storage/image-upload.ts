import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { AppError } from '../../errors.js';
import { IMAGE_EXTENSIONS, peekHead, sniffImage } from './sniff.js';
import type { Storage } from './storage.js';

export const NOT_AN_IMAGE = 'The file must be an image (JPEG, PNG, WebP or GIF).';
export const IMAGE_TOO_LARGE = 'The image is too large (10 MB at most).';

/**
 * Streams an uploaded image into storage after checking its first bytes; returns the public
 * `/media/...` URL. Nothing is kept when the content is not an image or the upload is cut at the
 * size limit.
 */
export async function storeImage(storage: Storage, file: MultipartFile, folder = 'images'): Promise<string> {
  const kind = sniffImage(await peekHead(file.file));
  if (!kind) {
    file.file.resume(); // drain, so the rest of the request can still be read
    throw new AppError('UNSUPPORTED_TYPE', NOT_AN_IMAGE, { [file.fieldname]: NOT_AN_IMAGE });
  }
  const key = `${folder}/${randomUUID()}.${IMAGE_EXTENSIONS[kind]}`;
  await storage.put(key, file.file);
  if (file.file.truncated) {
    await storage.delete(key);
    throw new AppError('TOO_LARGE', IMAGE_TOO_LARGE, { [file.fieldname]: IMAGE_TOO_LARGE });
  }
  return `/media/${key}`;
}

export const mediaKeyOf = (url: string | null) => (url?.startsWith('/media/') ? url.slice('/media/'.length) : null);
