import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import { MESSAGES } from '@cusp/shared';
import { fieldError } from '../../errors.js';
import { IMAGE_EXTENSIONS, peekHead, sniffImage, type ImageKind } from './sniff.js';
import { uploadedFileName } from './receive-file.js';
import { byteLimit, tooLarge, wasCut } from './limited-put.js';
import { uploadLimits } from './limits.js';
import type { Storage } from './storage.js';

export const { notAnImage: NOT_AN_IMAGE, imageTooLarge: IMAGE_TOO_LARGE, fileTooLarge: FILE_TOO_LARGE } = MESSAGES;
export const THUMBNAIL_WIDTH = 320;

export type ResourceType = 'image' | 'video' | 'raw';

export interface StoredMedia {
  url: string;
  thumbnailUrl: string | null;
  resourceType: ResourceType;
  bytes: number;
  originalFilename: string;
}

/**
 * Stores one uploaded image (D20, docs/decisions/0020): public media holds images only (avatars,
 * wallpapers, covers, service pictures). The first bytes must be JPEG, PNG, GIF or WebP and the whole
 * must decode; it is then re-encoded, which drops EXIF and location data, and gets a thumbnail. Anything
 * else (a program, an HTML page, an SVG) is 415. Nothing is kept when the content is refused, the image
 * passes IMAGE_MAX_BYTES (413) or the upload breaks off. Bytes stream through; no file is held whole.
 */
export async function storeMedia(
  storage: Storage,
  file: MultipartFile,
  // Kept so older callers compile: every upload here is held to images now.
  _options: { imagesOnly?: boolean } = {},
): Promise<StoredMedia> {
  const originalFilename = uploadedFileName(file, 'image');
  const { head, body } = await peekHead(file.file, 16);
  const image = sniffImage(head);
  if (!image) {
    file.file.resume(); // drain, so the rest of the request can still be read
    throw fieldError('IMAGE_TYPE_REFUSED', file.fieldname);
  }
  return storeImage(storage, file, body, image, randomUUID(), originalFilename);
}

async function storeImage(
  storage: Storage,
  file: MultipartFile,
  body: Readable,
  kind: ImageKind,
  id: string,
  originalFilename: string,
): Promise<StoredMedia> {
  const ext = IMAGE_EXTENSIONS[kind];
  const key = `images/${id}.${ext}`;
  const thumbKey = `images/${id}.thumb.webp`;
  // One decode feeds two encodes; .rotate() bakes in the EXIF orientation before metadata is dropped.
  const decoder = sharp({ animated: kind === 'gif' || kind === 'webp', limitInputPixels: 100_000_000, failOn: 'error' });
  const full = decoder.clone().rotate();
  const encoded =
    kind === 'jpeg' ? full.jpeg({ quality: 86, mozjpeg: true }) : kind === 'png' ? full.png() : kind === 'webp' ? full.webp({ quality: 86 }) : full.gif();
  const thumb = decoder.clone().rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 80 });
  const limiter = byteLimit(uploadLimits.image);
  file.file.once('error', (error) => {
    // The client went away mid-upload: fail both outputs so nothing half-written stays.
    encoded.destroy(error);
    thumb.destroy(error);
  });
  body.pipe(limiter).pipe(decoder);
  const [main, small] = await Promise.allSettled([storage.put(key, encoded), storage.put(thumbKey, thumb)]);
  const cut = limiter.exceeded || wasCut(file.file);
  if (!cut && main.status === 'fulfilled' && small.status === 'fulfilled') {
    return { url: `/media/${key}`, thumbnailUrl: `/media/${thumbKey}`, resourceType: 'image', bytes: main.value.size, originalFilename };
  }
  file.file.resume();
  await Promise.all([storage.delete(key), storage.delete(thumbKey)]);
  if (cut) throw tooLarge('IMAGE_TOO_LARGE', file.fieldname);
  // sharp could not decode it: the header looked like an image, the rest was not.
  throw fieldError('IMAGE_TYPE_REFUSED', file.fieldname);
}

const mediaKeyOf = (url: string | null) => (url?.startsWith('/media/') ? url.slice('/media/'.length) : null);

/** Removes what storeMedia stored (the file and its thumbnail), e.g. when the request using it fails. */
export async function discardMedia(storage: Storage, media: StoredMedia | null) {
  if (!media) return;
  for (const url of [media.url, media.thumbnailUrl]) {
    const key = mediaKeyOf(url);
    if (key) await storage.delete(key);
  }
}
