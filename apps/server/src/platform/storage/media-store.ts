import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import { FILE_MAX_BYTES, IMAGE_MAX_BYTES, MESSAGES } from '@cusp/shared';
import { AppError } from '../../errors.js';
import { IMAGE_EXTENSIONS, peekHead, sniffImage, sniffVideo, type ImageKind } from './sniff.js';
import { byteLimit, putLimited, tooLarge } from './limited-put.js';
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

const IMAGE_NAME = /\.(jpe?g|png|gif|webp|heic|bmp|tiff?)$/i;

/**
 * Stores one uploaded file (D20). Images are decoded and re-encoded, which drops EXIF and location
 * data, and get a thumbnail; videos and other files are stored as they are. Nothing is kept when the
 * content is refused or the upload breaks off. Bytes stream through; no file is held in memory whole.
 */
export async function storeMedia(
  storage: Storage,
  file: MultipartFile,
  options: { imagesOnly?: boolean } = {},
): Promise<StoredMedia> {
  const { head, body } = await peekHead(file.file, 16);
  const image = sniffImage(head);
  const claimsImage = file.mimetype.startsWith('image/') || IMAGE_NAME.test(file.filename);
  if (!image && (claimsImage || options.imagesOnly)) {
    file.file.resume(); // drain, so the rest of the request can still be read
    throw new AppError('UNSUPPORTED_TYPE', NOT_AN_IMAGE, { [file.fieldname]: NOT_AN_IMAGE });
  }
  const id = randomUUID();
  const originalFilename = path.basename(file.filename || 'file').slice(0, 200);
  if (image) return storeImage(storage, file, body, image, id, originalFilename);

  const video = sniffVideo(head);
  const ext = video ?? safeExtension(originalFilename);
  const key = `${video ? 'videos' : 'files'}/${id}.${ext}`;
  const { size } = await putLimited(storage, key, body, FILE_MAX_BYTES, FILE_TOO_LARGE, file.fieldname);
  return { url: `/media/${key}`, thumbnailUrl: null, resourceType: video ? 'video' : 'raw', bytes: size, originalFilename };
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
  const limiter = byteLimit(IMAGE_MAX_BYTES);
  file.file.once('error', (error) => {
    // The client went away mid-upload: fail both outputs so nothing half-written stays.
    encoded.destroy(error);
    thumb.destroy(error);
  });
  body.pipe(limiter).pipe(decoder);
  const [main, small] = await Promise.allSettled([storage.put(key, encoded), storage.put(thumbKey, thumb)]);
  if (!limiter.exceeded && main.status === 'fulfilled' && small.status === 'fulfilled') {
    return { url: `/media/${key}`, thumbnailUrl: `/media/${thumbKey}`, resourceType: 'image', bytes: main.value.size, originalFilename };
  }
  file.file.resume();
  await Promise.all([storage.delete(key), storage.delete(thumbKey)]);
  if (limiter.exceeded) throw tooLarge(IMAGE_TOO_LARGE, file.fieldname);
  // sharp could not decode it: the header looked like an image, the rest was not.
  throw new AppError('UNSUPPORTED_TYPE', NOT_AN_IMAGE, { [file.fieldname]: NOT_AN_IMAGE });
}

function safeExtension(filename: string): string {
  const ext = path.extname(filename).slice(1).toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : 'bin';
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
