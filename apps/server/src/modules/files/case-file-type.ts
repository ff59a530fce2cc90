import { FILE_EXTENSIONS, FILE_KINDS, type FileKind } from '@cusp/shared';
import { sniffImage } from '../../platform/storage/sniff.js';

/** How many leading bytes the checks below read. */
export const CASE_FILE_HEAD_BYTES = 1024;

export interface CaseFileCheck {
  kind: FileKind;
  /** A last check once the whole size is known (binary STL declares its triangle count). */
  acceptsSize(size: number): boolean;
}

const always = () => true;
const OBJ_KEYWORDS = /^(v|vn|vt|vp|f|l|p|o|g|s|mtllib|usemtl|cstype|deg|curv|surf)\b/;

/** Printable text: tabs, line breaks and bytes from space up (UTF-8 included), no other controls. */
const isText = (head: Buffer) => head.every((b) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b !== 0x7f));

export function kindOfExtension(filename: string): FileKind | null {
  const ext = filename.split('.').pop()?.toLowerCase() ?? '';
  return FILE_KINDS.find((k) => FILE_EXTENSIONS[k].includes(ext)) ?? null;
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
      return sniffImage(head) === kind ? { kind, acceptsSize: always } : null;
    case 'zip': {
      const sig = head.subarray(0, 4).toString('latin1');
      return sig === 'PK\x03\x04' || sig === 'PK\x05\x06' ? { kind, acceptsSize: always } : null;
    }
    case 'ply':
      return /^ply\r?\n/.test(head.subarray(0, 5).toString('latin1')) ? { kind, acceptsSize: always } : null;
    case 'obj': {
      if (!isText(head)) return null;
      // The last line of the head may be cut short; judge the complete ones (or the only one).
      const all = head.toString('latin1').split(/\r?\n/);
      const complete = all.length > 1 ? all.slice(0, -1) : all;
      const lines = complete.map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
      return lines.length > 0 && lines.every((l) => OBJ_KEYWORDS.test(l)) ? { kind, acceptsSize: always } : null;
    }
    case 'stl': {
      // Binary STL: 80-byte header, then the triangle count; its size is then exactly 84 + 50 per triangle.
      const triangles = head.length >= 84 ? head.readUInt32LE(80) : -1;
      const binary = (size: number) => triangles >= 0 && size === 84 + 50 * triangles;
      // ASCII STL starts with "solid" and is text (some binary headers also start with "solid").
      const ascii = /^\s*solid\b/.test(head.subarray(0, 80).toString('latin1')) && isText(head);
      return { kind, acceptsSize: (size) => binary(size) || ascii };
    }
    default:
      return null;
  }
}
