import { Readable } from 'node:stream';

/** Formats recognised by their first bytes, never by the name or the client's claim. */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';
export type VideoKind = 'mp4' | 'mov' | 'webm';

export const IMAGE_EXTENSIONS: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

export function sniffImage(head: Buffer): ImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const ascii = head.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

export function sniffVideo(head: Buffer): VideoKind | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') {
    return head.subarray(8, 12).toString('latin1') === 'qt  ' ? 'mov' : 'mp4';
  }
  return null;
}

/** Content types of what /media serves, by the extension the server gave the key. */
export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/**
 * Reads the first `bytes` of a stream (fewer if it is shorter) so the caller can decide on the
 * content before anything flows on; `body` then yields the whole stream, those bytes included.
 */
export function peekHead(stream: Readable, bytes = 16): Promise<{ head: Buffer; body: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (ended: boolean) => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', reject);
      const all = Buffer.concat(chunks);
      // A short stream has already ended and cannot take its bytes back: replay them instead.
      if (ended) return resolve({ head: all.subarray(0, bytes), body: Readable.from(all.length ? [all] : []) });
      if (all.length > 0) stream.unshift(all);
      resolve({ head: all.subarray(0, bytes), body: stream });
    };
    const onEnd = () => finish(true);
    const onReadable = () => {
      let chunk: Buffer | null;
      while (length < bytes && (chunk = stream.read()) !== null) {
        chunks.push(chunk);
        length += chunk.length;
      }
      if (length >= bytes) finish(false);
    };
    stream.on('readable', onReadable);
    stream.once('end', onEnd);
    stream.once('error', reject);
  });
}
