import { unpackProblem, ZIP_LIMITS } from './analyse.js';

/**
 * A ZIP's central directory read before its check is queued (docs/decisions/0052): the end of the archive says
 * how many files it holds and what each unpacks to, so a ZIP bomb is refused from a few kilobytes, without a
 * worker inflating anything. The headers may lie; the worker's parser measures what it really inflates too.
 * Null when the directory is within the limits, or cannot be found (the parser then says what is wrong).
 */

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
/** The end record (22 bytes) and the longest comment it may carry. */
const TAIL = 22 + 0xffff;
/** A directory this large holds more entries than allowed whatever their names. */
const MAX_DIRECTORY = ZIP_LIMITS.entries * (46 + 1024);

type Read = (start: number, end: number) => Promise<Uint8Array>;

const u64 = (v: DataView, at: number) => Number(v.getBigUint64(at, true));

export async function zipDirectoryProblem(size: number, read: Read): Promise<string | null> {
  if (size < 22) return null;
  const tailStart = Math.max(0, size - TAIL);
  const tail = await read(tailStart, size - 1);
  if (tail.length < 22) return null; // gone meanwhile
  const t = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (t.getUint32(i, true) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) return null;
  let entries = t.getUint16(at + 10, true);
  let directorySize = t.getUint32(at + 12, true);
  let directoryAt = t.getUint32(at + 16, true);
  if (entries === 0xffff || directorySize === 0xffffffff || directoryAt === 0xffffffff) {
    // ZIP64: the real figures are in a record the locator just before the end record points to.
    if (at < 20 || t.getUint32(at - 20, true) !== ZIP64_LOCATOR) return null;
    const recordAt = u64(t, at - 12);
    if (recordAt + 56 > size) return null;
    const record = await read(recordAt, recordAt + 55);
    if (record.length < 56) return null;
    const r = new DataView(record.buffer, record.byteOffset, record.byteLength);
    if (r.getUint32(0, true) !== ZIP64_EOCD) return null;
    entries = u64(r, 32);
    directorySize = u64(r, 40);
    directoryAt = u64(r, 48);
  }
  if (entries > ZIP_LIMITS.entries || directorySize > MAX_DIRECTORY) return `The archive holds more than ${ZIP_LIMITS.entries} files.`;
  if (directoryAt + directorySize > size || directorySize === 0) return null;
  const directory = await read(directoryAt, directoryAt + directorySize - 1);
  if (directory.length < directorySize) return null;
  const d = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  let unpacked = 0;
  let count = 0;
  for (let p = 0; p + 46 <= directory.length && d.getUint32(p, true) === CENTRAL; ) {
    let packed = d.getUint32(p + 20, true);
    let original = d.getUint32(p + 24, true);
    const nameLength = d.getUint16(p + 28, true);
    const extraLength = d.getUint16(p + 30, true);
    const commentLength = d.getUint16(p + 32, true);
    if (original === 0xffffffff || packed === 0xffffffff) {
      // The ZIP64 extra field holds the sizes that overflowed, the original size first.
      for (let e = p + 46 + nameLength; e + 4 <= Math.min(directory.length, p + 46 + nameLength + extraLength); ) {
        const id = d.getUint16(e, true);
        const length = d.getUint16(e + 2, true);
        if (id === 0x0001) {
          let field = e + 4;
          if (original === 0xffffffff && field + 8 <= directory.length) {
            original = u64(d, field);
            field += 8;
          }
          if (packed === 0xffffffff && field + 8 <= directory.length) packed = u64(d, field);
          break;
        }
        e += 4 + length;
      }
    }
    if (++count > ZIP_LIMITS.entries) return `The archive holds more than ${ZIP_LIMITS.entries} files.`;
    const entry = unpackProblem(original, Math.max(packed, 1));
    if (entry) return entry;
    unpacked += original;
    p += 46 + nameLength + extraLength + commentLength;
  }
  return unpackProblem(unpacked, size);
}
