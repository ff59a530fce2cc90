import { Readable } from 'node:stream';
import { FILE_EXTENSIONS, FILE_KINDS, type FileKind } from '@cusp/shared';

/**
 * The one place for content rules (docs/decisions/0007, 0020): every upload's type is decided here
 * from its first bytes, never from the name alone or the client's claim.
 */

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

// --- Other formats' signatures --------------------------------------------------------------------

const SIGNATURES: Array<{ name: string; bytes: Buffer }> = [
  { name: 'exe', bytes: Buffer.from('MZ', 'latin1') }, // Windows program (PE/DOS)
  { name: 'elf', bytes: Buffer.from([0x7f, 0x45, 0x4c, 0x46]) },
  { name: 'mach-o', bytes: Buffer.from([0xfe, 0xed, 0xfa, 0xce]) },
  { name: 'mach-o', bytes: Buffer.from([0xfe, 0xed, 0xfa, 0xcf]) },
  { name: 'mach-o', bytes: Buffer.from([0xce, 0xfa, 0xed, 0xfe]) },
  { name: 'mach-o', bytes: Buffer.from([0xcf, 0xfa, 0xed, 0xfe]) },
  { name: 'mach-o', bytes: Buffer.from([0xca, 0xfe, 0xba, 0xbe]) },
  { name: 'wasm', bytes: Buffer.from([0x00, 0x61, 0x73, 0x6d]) },
  { name: 'script', bytes: Buffer.from('#!', 'latin1') },
  { name: 'zip', bytes: Buffer.from('PK\x03\x04', 'latin1') },
  { name: 'zip', bytes: Buffer.from('PK\x05\x06', 'latin1') },
  { name: 'zip', bytes: Buffer.from('PK\x07\x08', 'latin1') },
  { name: 'pdf', bytes: Buffer.from('%PDF', 'latin1') },
  { name: 'ole', bytes: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) }, // old Office, MSI
  { name: 'rar', bytes: Buffer.from('Rar!', 'latin1') },
  { name: '7z', bytes: Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { name: 'gzip', bytes: Buffer.from([0x1f, 0x8b]) },
  { name: 'rtf', bytes: Buffer.from('{\\rtf', 'latin1') },
  { name: 'gif', bytes: Buffer.from('GIF8', 'latin1') },
  { name: 'png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  { name: 'jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff]) },
  { name: 'riff', bytes: Buffer.from('RIFF', 'latin1') }, // WebP, AVI, WAV
];
/** Markup a browser would render or run, after optional whitespace and a UTF-8 byte order mark. */
const MARKUP = /^(\xef\xbb\xbf)?\s*<(!doctype|html|head|body|script|iframe|svg|\?xml|!--)/i;

/**
 * The name of another format whose signature starts `head` (an executable, an archive, a document,
 * an image, markup), or null. `allow` names formats the caller expects (a ZIP upload starts with PK).
 */
export function foreignFormat(head: Buffer, allow: readonly string[] = []): string | null {
  for (const { name, bytes } of SIGNATURES) {
    if (!allow.includes(name) && head.length >= bytes.length && head.subarray(0, bytes.length).equals(bytes)) return name;
  }
  if (sniffVideo(head) && !allow.includes('video')) return 'video';
  if (MARKUP.test(head.subarray(0, 256).toString('latin1')) && !allow.includes('markup')) return 'markup';
  return null;
}

// --- Case files (D21): the extension names the type, the content must agree -----------------------

/** How many leading bytes the case-file checks read. */
export const CASE_FILE_HEAD_BYTES = 1024;

/** Why a file whose first bytes passed is refused once its whole size is known. */
export type SizeProblem = 'truncated' | 'mismatch';

export interface CaseFileCheck {
  kind: FileKind;
  /**
   * A last check once the whole size is known (binary STL declares its triangle count): null when fine,
   * `truncated` when the file ends before what its header declares (cut short in a transfer or an export),
   * `mismatch` when it runs on past it.
   */
  sizeProblem(size: number): SizeProblem | null;
}

const always = () => null;
const OBJ_KEYWORDS = /^(v|vn|vt|vp|f|l|p|o|g|s|mtllib|usemtl|cstype|deg|curv|surf)\b/;
/** What the lines of an ASCII STL after its `solid` line start with. */
const STL_KEYWORDS = /^(facet|outer|vertex|endloop|endfacet|endsolid|solid)\b/;
/** Markup anywhere in a text format's head: `solid x` then an HTML page is a page, not a mesh. */
const MARKUP_ANYWHERE = /<\s*(!doctype|html|head|body|script|iframe|svg|\?xml|!--|object|embed|img|a\s|meta|link|style)/i;

/** The complete lines of a text head (the last one may be cut short, unless it is the only one). */
const completeLines = (head: Buffer) => {
  const all = head.toString('latin1').split(/\r?\n/);
  return all.length > 1 ? all.slice(0, -1) : all;
};
/** No dental part measures a kilometre: larger coordinates (in mm) are not a mesh but other bytes. */
const STL_MAX_COORDINATE = 1e6;

/** Printable text: tabs, line breaks and bytes from space up (UTF-8 included), no other controls. */
const isText = (head: Buffer) => head.every((b) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b !== 0x7f));

export function kindOfExtension(filename: string): FileKind | null {
  const ext = filename.split('.').pop()?.toLowerCase() ?? '';
  return FILE_KINDS.find((k) => FILE_EXTENSIONS[k].includes(ext)) ?? null;
}

/**
 * Binary STL: an 80-byte header, the triangle count, then 50 bytes per triangle (normal and three
 * vertices as 32-bit floats, two attribute bytes). The header must not be another format's (an MZ
 * program padded to 84 + 50n bytes is not a mesh), and every triangle within `head` must be finite
 * numbers of a plausible size: arbitrary bytes read as floats give NaN, infinities and 1e30s.
 */
export function binaryStlHeadIsMesh(head: Buffer): boolean {
  if (head.length < 84 || foreignFormat(head)) return false;
  const declared = head.readUInt32LE(80);
  const inHead = Math.min(declared, Math.floor((head.length - 84) / 50));
  for (let t = 0; t < inHead; t++) {
    for (let f = 0; f < 12; f++) {
      const value = head.readFloatLE(84 + t * 50 + f * 4);
      if (!Number.isFinite(value) || Math.abs(value) > STL_MAX_COORDINATE) return false;
    }
  }
  return true;
}

/**
 * D21: the type comes from the name and must be confirmed by the content; null refuses the file
 * (an executable renamed .stl, an HTML page renamed .png).
 */
export function checkCaseFile(filename: string, head: Buffer): CaseFileCheck | null {
  const kind = kindOfExtension(filename);
  switch (kind) {
    case 'jpeg':
    case 'png':
      return sniffImage(head) === kind ? { kind, sizeProblem: always } : null;
    case 'zip': {
      const sig = head.subarray(0, 4).toString('latin1');
      return sig === 'PK\x03\x04' || sig === 'PK\x05\x06' ? { kind, sizeProblem: always } : null;
    }
    case 'ply':
      return /^ply\r?\n/.test(head.subarray(0, 5).toString('latin1')) ? { kind, sizeProblem: always } : null;
    case 'obj': {
      if (!isText(head) || MARKUP_ANYWHERE.test(head.toString('latin1'))) return null;
      // The last line of the head may be cut short; judge the complete ones (or the only one).
      const lines = completeLines(head).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
      return lines.length > 0 && lines.every((l) => OBJ_KEYWORDS.test(l)) ? { kind, sizeProblem: always } : null;
    }
    case 'stl': {
      // ASCII STL starts with "solid" and is text (some binary headers also start with "solid"). The lines after
      // the first (which names the solid) are STL's keywords, and no markup hides anywhere: "solid x" and then
      // an HTML page is refused here, by every route that takes case files.
      if (/^\s*solid\b/.test(head.subarray(0, 80).toString('latin1')) && isText(head)) {
        if (MARKUP_ANYWHERE.test(head.toString('latin1'))) return null;
        const lines = completeLines(head).slice(1).map((l) => l.trim()).filter(Boolean);
        return lines.every((l) => STL_KEYWORDS.test(l)) ? { kind, sizeProblem: always } : null;
      }
      if (!binaryStlHeadIsMesh(head)) return null;
      // Binary: its size is then exactly 84 + 50 per declared triangle, checked once all of it is in.
      const expected = 84 + 50 * head.readUInt32LE(80);
      return { kind, sizeProblem: (size) => (size < expected ? 'truncated' : size > expected ? 'mismatch' : null) };
    }
    default:
      return null;
  }
}
