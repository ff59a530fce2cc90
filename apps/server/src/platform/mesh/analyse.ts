import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { FILE_MAX_BYTES } from '@cusp/shared';
import { Topology, VertexWelder } from './topology.js';
import type { MeshErrorCode, MeshFigures, MeshPart, MeshResult } from './types.js';

/**
 * Streaming mesh readers (docs/decisions/0026): STL (binary and ASCII), PLY (ASCII, binary little and
 * big endian), OBJ, and the meshes inside a ZIP. Bytes are pushed chunk by chunk as they come from
 * storage; nothing holds the whole file. Runs in the mesh worker (mesh.worker.ts), never on the event loop.
 */

export type MeshKind = 'stl' | 'ply' | 'obj' | 'zip';

export class MeshError extends Error {
  constructor(
    readonly code: MeshErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface MeshParser {
  push(chunk: Uint8Array): void;
  end(): MeshResult;
}

const unreadable = (detail: string) => new MeshError('unreadable', detail);

/** A parser for `kind`; `size` is the whole file's size in bytes (-1 when unknown). */
export function createParser(kind: MeshKind, size: number): MeshParser {
  switch (kind) {
    case 'stl':
      return guarded(new StlParser(size));
    case 'ply':
      return guarded(new PlyParser(size));
    case 'obj':
      return guarded(new ObjParser(size));
    case 'zip':
      return guarded(new ZipParser());
  }
}

/** Turns a thrown MeshError (or anything else) into a failed result; pushes after a failure are ignored. */
function guarded(inner: { push(chunk: Uint8Array): void; finish(): MeshFigures | MeshResult }): MeshParser {
  let failure: MeshResult | null = null;
  const fail = (error: unknown): MeshResult =>
    error instanceof MeshError ? { ok: false, error: error.code, detail: error.message } : { ok: false, error: 'unreadable', detail: String((error as Error)?.message ?? error) };
  return {
    push(chunk) {
      if (failure) return;
      try {
        inner.push(chunk);
      } catch (error) {
        failure = fail(error);
      }
    },
    end() {
      if (failure) return failure;
      try {
        const out = inner.finish();
        const result: MeshResult = 'ok' in out ? out : { ok: true, figures: out };
        if (result.ok && result.figures.triangles === 0 && !result.parts) return { ok: false, error: 'no_triangles', detail: 'The file has no triangles.' };
        return result;
      } catch (error) {
        return fail(error);
      }
    },
  };
}

/** Whole lines from a byte stream (latin1), the last partial line kept for the next chunk. */
class Lines {
  private rest = '';
  constructor(private readonly onLine: (line: string) => void) {}
  push(chunk: Uint8Array) {
    const text = this.rest + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl === -1) break;
      this.onLine(text.slice(start, nl));
      start = nl + 1;
    }
    this.rest = text.slice(start);
    if (this.rest.length > 65_536) throw unreadable('A line is longer than 64 KB: not a text mesh.');
  }
  end() {
    if (this.rest) this.onLine(this.rest);
    this.rest = '';
  }
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const isTextByte = (b: number) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b !== 0x7f);

// --- STL ------------------------------------------------------------------------------------------

const f32 = new Float32Array(1);
const i32 = new Int32Array(f32.buffer);
const float32Bits = (value: number) => {
  f32[0] = value;
  return i32[0]!;
};

class StlParser {
  private head: Uint8Array = new Uint8Array(0);
  private mode: 'head' | 'binary' | 'ascii' = 'head';
  private carry: Uint8Array = new Uint8Array(0);
  private declared = 0;
  private topology!: Topology;
  private welder!: VertexWelder;
  private lines!: Lines;
  private corners: number[] = [];

  constructor(private readonly size: number) {}

  push(chunk: Uint8Array) {
    if (this.mode === 'head') {
      this.head = concat(this.head, chunk);
      if (this.head.length < 1024 && (this.size < 0 || this.head.length < this.size)) return;
      this.decide();
      const all = this.head;
      this.head = new Uint8Array(0);
      this.push(all);
      return;
    }
    if (this.mode === 'ascii') return this.lines.push(chunk);
    this.binary(chunk);
  }

  private decide() {
    const head = this.head;
    const start = Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, 80)).toString('latin1');
    const ascii = /^\s*solid\b/.test(start) && head.subarray(0, 1024).every(isTextByte);
    if (ascii) {
      this.mode = 'ascii';
      const triangles = this.size > 0 ? Math.ceil(this.size / 250) : 100_000;
      this.topology = new Topology({ vertices: triangles * 0.55, triangles });
      this.welder = new VertexWelder(this.topology, triangles * 0.55);
      this.lines = new Lines((line) => this.asciiLine(line));
      return;
    }
    if (head.length < 84) throw new MeshError('not_a_mesh', 'Too short for a binary STL and not an ASCII STL.');
    this.declared = view(head).getUint32(80, true);
    if (this.declared === 0) throw new MeshError('no_triangles', 'The STL declares no triangles.');
    if (this.size >= 0 && this.size !== 84 + 50 * this.declared) {
      throw unreadable(`A binary STL of ${this.declared} triangles is ${84 + 50 * this.declared} bytes; this one is ${this.size}: cut short or damaged.`);
    }
    this.mode = 'binary';
    // A closed mesh has half as many vertices as triangles (Euler); a scan's open border adds a few.
    this.topology = new Topology({ vertices: this.declared * 0.52, triangles: this.declared });
    this.welder = new VertexWelder(this.topology, this.declared * 0.52);
    this.carry = new Uint8Array(0);
    this.skipHeader = true;
  }

  private skipHeader = false;

  private binary(chunk: Uint8Array) {
    let data = concat(this.carry, chunk);
    if (this.skipHeader) {
      if (data.length < 84) {
        this.carry = data;
        return;
      }
      data = data.subarray(84);
      this.skipHeader = false;
    }
    const dv = view(data);
    const topology = this.topology;
    const welder = this.welder;
    let off = 0;
    const corner = (o: number) => {
      const bx = dv.getInt32(o, true), by = dv.getInt32(o + 4, true), bz = dv.getInt32(o + 8, true);
      if ((bx & 0x7f800000) === 0x7f800000 || (by & 0x7f800000) === 0x7f800000 || (bz & 0x7f800000) === 0x7f800000) {
        throw unreadable(`Triangle ${topology.triangles + 1} has a coordinate that is not a number.`);
      }
      return welder.vertex(bx, by, bz, dv.getFloat32(o, true), dv.getFloat32(o + 4, true), dv.getFloat32(o + 8, true));
    };
    while (off + 50 <= data.length) {
      if (topology.triangles >= this.declared) throw unreadable('More triangles than the STL declares.');
      const a = corner(off + 12), b = corner(off + 24), c = corner(off + 36);
      topology.addTriangle(a, b, c);
      off += 50;
    }
    this.carry = data.slice(off);
  }

  private asciiLine(raw: string) {
    const line = raw.trim();
    if (line.startsWith('vertex')) {
      const parts = line.split(/\s+/);
      const x = Math.fround(Number(parts[1])), y = Math.fround(Number(parts[2])), z = Math.fround(Number(parts[3]));
      if (parts.length !== 4 || !Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) throw unreadable(`Not a vertex: "${line.slice(0, 80)}".`);
      this.corners.push(this.welder.vertex(float32Bits(x), float32Bits(y), float32Bits(z), x, y, z));
      if (this.corners.length > 3) throw unreadable('A facet of an ASCII STL has more than three vertices.');
      return;
    }
    if (line.startsWith('endloop')) {
      if (this.corners.length !== 3) throw unreadable('A facet of an ASCII STL does not have three vertices.');
      this.topology.addTriangle(this.corners[0]!, this.corners[1]!, this.corners[2]!);
      this.corners = [];
      return;
    }
    if (line === '' || /^(solid|facet|outer|endfacet|endsolid)\b/.test(line)) return;
    throw unreadable(`Not an ASCII STL line: "${line.slice(0, 80)}".`);
  }

  finish(): MeshFigures {
    if (this.mode === 'head') {
      if (this.head.length === 0) throw new MeshError('not_a_mesh', 'The file is empty.');
      this.decide();
      const all = this.head;
      this.head = new Uint8Array(0);
      this.push(all);
    }
    if (this.mode === 'ascii') {
      this.lines.end();
      if (this.corners.length) throw unreadable('The last facet of the ASCII STL is cut short.');
    } else if (this.topology.triangles !== this.declared || this.carry.length) {
      throw unreadable(`The STL declares ${this.declared} triangles but holds ${this.topology.triangles}: cut short or damaged.`);
    }
    // The welding table is no longer needed: the edge count works in its memory instead of allocating more.
    return this.topology.figures(this.welder.release());
  }
}

// --- PLY ------------------------------------------------------------------------------------------

type PlyType = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';
const PLY_TYPES: Record<string, PlyType> = {
  char: 'int8', int8: 'int8', uchar: 'uint8', uint8: 'uint8', short: 'int16', int16: 'int16', ushort: 'uint16', uint16: 'uint16',
  int: 'int32', int32: 'int32', uint: 'uint32', uint32: 'uint32', float: 'float32', float32: 'float32', double: 'float64', float64: 'float64',
};
const PLY_SIZES: Record<PlyType, number> = { int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, float32: 4, float64: 8 };

interface PlyProperty {
  name: string;
  type: PlyType;
  /** For a list: the type of its count. */
  countType?: PlyType;
}
interface PlyElement {
  name: string;
  count: number;
  props: PlyProperty[];
}
export interface PlyHeader {
  format: 'ascii' | 'binary_little_endian' | 'binary_big_endian';
  elements: PlyElement[];
  /** Bytes up to and including the end_header line. */
  length: number;
}

/** The PLY header at the start of `bytes`, null when it is not complete yet; throws when it is not a PLY header. */
export function parsePlyHeader(bytes: Uint8Array): PlyHeader | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 65_536)).toString('latin1');
  const end = /end_header[ \t]*\r?\n/.exec(text);
  if (!end) {
    if (bytes.length >= 65_536) throw new MeshError('not_a_mesh', 'No end_header in the first 64 KB: not a PLY file.');
    return null;
  }
  const lines = text.slice(0, end.index).split(/\r?\n/);
  if (lines[0]?.trim() !== 'ply') throw new MeshError('not_a_mesh', 'A PLY file starts with "ply".');
  let format: PlyHeader['format'] | null = null;
  const elements: PlyElement[] = [];
  for (const raw of lines.slice(1)) {
    const t = raw.trim().split(/\s+/);
    if (t[0] === 'format') {
      if (t[1] !== 'ascii' && t[1] !== 'binary_little_endian' && t[1] !== 'binary_big_endian') throw new MeshError('not_a_mesh', `Unknown PLY format "${t[1]}".`);
      format = t[1];
    } else if (t[0] === 'element') {
      const count = Number(t[2]);
      if (!t[1] || !Number.isInteger(count) || count < 0) throw new MeshError('not_a_mesh', `Bad PLY element line "${raw.trim()}".`);
      elements.push({ name: t[1], count, props: [] });
    } else if (t[0] === 'property') {
      const element = elements[elements.length - 1];
      if (!element) throw new MeshError('not_a_mesh', 'A PLY property comes before any element.');
      if (t[1] === 'list') {
        const countType = PLY_TYPES[t[2] ?? ''];
        const type = PLY_TYPES[t[3] ?? ''];
        if (!countType || !type || !t[4]) throw new MeshError('not_a_mesh', `Bad PLY property "${raw.trim()}".`);
        element.props.push({ name: t[4], type, countType });
      } else {
        const type = PLY_TYPES[t[1] ?? ''];
        if (!type || !t[2]) throw new MeshError('not_a_mesh', `Bad PLY property "${raw.trim()}".`);
        element.props.push({ name: t[2], type });
      }
    } else if (t[0] && t[0] !== 'comment' && t[0] !== 'obj_info') {
      throw new MeshError('not_a_mesh', `Unknown PLY header line "${raw.trim().slice(0, 80)}".`);
    }
  }
  if (!format) throw new MeshError('not_a_mesh', 'The PLY header has no format line.');
  return { format, elements, length: end.index + end[0].length };
}

const facesOf = (header: PlyHeader) => header.elements.find((e) => e.name === 'face');
const indexProp = (element: PlyElement) => element.props.find((p) => p.countType && (p.name === 'vertex_indices' || p.name === 'vertex_index'));

class PlyParser {
  private bytes: Uint8Array = new Uint8Array(0);
  private header: PlyHeader | null = null;
  private topology!: Topology;
  private element = 0;
  private done = 0;
  private lines: Lines | null = null;
  private vertexCount = -1;
  private xyz: number[] = [];
  private faceProp = -1;

  constructor(private readonly size: number) {}

  push(chunk: Uint8Array) {
    if (!this.header) {
      this.bytes = concat(this.bytes, chunk);
      const header = parsePlyHeader(this.bytes);
      if (!header) return;
      this.start(header);
      const body = this.bytes.subarray(header.length);
      this.bytes = new Uint8Array(0);
      if (body.length) this.push(body);
      return;
    }
    if (this.lines) return this.lines.push(chunk);
    this.binary(chunk);
  }

  private start(header: PlyHeader) {
    this.header = header;
    const faces = facesOf(header);
    if (!faces || faces.count === 0 || !indexProp(faces)) throw new MeshError('no_triangles', 'The PLY file has no faces.');
    const vertices = header.elements.find((e) => e.name === 'vertex');
    if (!vertices) throw new MeshError('not_a_mesh', 'The PLY file has no vertex element.');
    this.xyz = ['x', 'y', 'z'].map((n) => vertices.props.findIndex((p) => p.name === n && !p.countType));
    if (this.xyz.some((i) => i < 0)) throw new MeshError('not_a_mesh', 'The PLY vertices have no x, y and z.');
    this.faceProp = faces.props.indexOf(indexProp(faces)!);
    this.topology = new Topology({ vertices: vertices.count, triangles: faces.count });
    if (header.format === 'ascii') this.lines = new Lines((line) => this.asciiLine(line));
    this.skipEmpty();
  }

  private skipEmpty() {
    const elements = this.header!.elements;
    while (this.element < elements.length && this.done >= elements[this.element]!.count) {
      this.element++;
      this.done = 0;
    }
  }

  private vertex(values: number[]) {
    const [x, y, z] = this.xyz.map((i) => values[i]!);
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) throw unreadable(`Vertex ${this.done} has a coordinate that is not a number.`);
    this.topology.addVertex(x!, y!, z!);
  }

  private face(indices: ArrayLike<number>) {
    if (this.vertexCount < 0) throw unreadable('The PLY faces come before its vertices.');
    const n = indices.length;
    for (let i = 0; i < n; i++) {
      const v = indices[i]!;
      if (!Number.isInteger(v) || v < 0 || v >= this.vertexCount) throw unreadable(`Face ${this.done} points at vertex ${v}, which does not exist.`);
    }
    for (let i = 1; i + 1 < n; i++) this.topology.addTriangle(indices[0]!, indices[i]!, indices[i + 1]!);
  }

  private record() {
    this.done++;
    const element = this.header!.elements[this.element]!;
    if (this.done >= element.count) {
      if (element.name === 'vertex') this.vertexCount = this.topology.vertexCount;
      this.element++;
      this.done = 0;
      this.skipEmpty();
    }
  }

  private asciiLine(raw: string) {
    const line = raw.trim();
    if (!line) return;
    const element = this.header!.elements[this.element];
    if (!element) throw unreadable('More lines than the PLY header declares.');
    const tokens = line.split(/\s+/);
    let t = 0;
    const values: number[] = [];
    let indices: number[] | null = null;
    for (let p = 0; p < element.props.length; p++) {
      const prop = element.props[p]!;
      if (prop.countType) {
        const count = Number(tokens[t++]);
        if (!Number.isInteger(count) || count < 0 || t + count > tokens.length) throw unreadable(`Bad list in PLY line "${line.slice(0, 80)}".`);
        const items = tokens.slice(t, t + count).map(Number);
        t += count;
        if (p === this.faceProp && element.name === 'face') indices = items;
        values.push(NaN);
      } else {
        if (t >= tokens.length) throw unreadable(`Too few values in PLY line "${line.slice(0, 80)}".`);
        values.push(Number(tokens[t++]));
      }
    }
    if (element.name === 'vertex') this.vertex(values);
    else if (indices) this.face(indices);
    this.record();
  }

  private binary(chunk: Uint8Array) {
    const data = concat(this.bytes, chunk);
    const dv = view(data);
    const little = this.header!.format === 'binary_little_endian';
    const read = (off: number, type: PlyType) => {
      switch (type) {
        case 'int8': return dv.getInt8(off);
        case 'uint8': return dv.getUint8(off);
        case 'int16': return dv.getInt16(off, little);
        case 'uint16': return dv.getUint16(off, little);
        case 'int32': return dv.getInt32(off, little);
        case 'uint32': return dv.getUint32(off, little);
        case 'float32': return dv.getFloat32(off, little);
        case 'float64': return dv.getFloat64(off, little);
      }
    };
    const values: number[] = [];
    const indices: number[] = [];
    let off = 0;
    outer: while (this.element < this.header!.elements.length) {
      const element = this.header!.elements[this.element]!;
      let at = off;
      values.length = 0;
      indices.length = 0;
      for (let p = 0; p < element.props.length; p++) {
        const prop = element.props[p]!;
        if (prop.countType) {
          const cs = PLY_SIZES[prop.countType];
          if (at + cs > data.length) break outer;
          const count = read(at, prop.countType);
          at += cs;
          const size = PLY_SIZES[prop.type];
          if (count < 0 || count > 1000) throw unreadable(`A PLY list of ${count} items.`);
          if (at + count * size > data.length) break outer;
          if (p === this.faceProp && element.name === 'face') for (let i = 0; i < count; i++) indices.push(read(at + i * size, prop.type));
          at += count * size;
          values.push(NaN);
        } else {
          const size = PLY_SIZES[prop.type];
          if (at + size > data.length) break outer;
          values.push(read(at, prop.type));
          at += size;
        }
      }
      if (element.name === 'vertex') this.vertex(values);
      else if (element.name === 'face') this.face(indices);
      off = at;
      this.record();
    }
    if (this.element >= this.header!.elements.length && off < data.length) throw unreadable('More bytes than the PLY header declares.');
    this.bytes = data.slice(off);
  }

  finish(): MeshFigures {
    if (!this.header) {
      if (this.size === 0 || this.bytes.length === 0) throw new MeshError('not_a_mesh', 'The file is empty.');
      throw new MeshError('not_a_mesh', 'The PLY header does not end.');
    }
    this.lines?.end();
    if (this.element < this.header.elements.length) throw unreadable('The PLY file ends before all the vertices and faces its header declares: cut short.');
    return this.topology.figures();
  }
}

// --- OBJ ------------------------------------------------------------------------------------------

class ObjParser {
  private topology: Topology;
  private lines: Lines;
  private corners: number[] = [];

  constructor(size: number) {
    const triangles = size > 0 ? Math.ceil(size / 60) : 100_000;
    this.topology = new Topology({ vertices: triangles * 0.55, triangles });
    this.lines = new Lines((line) => this.line(line));
  }

  push(chunk: Uint8Array) {
    this.lines.push(chunk);
  }

  private line(raw: string) {
    const line = raw.trim();
    if (line.startsWith('v ') || line.startsWith('v\t')) {
      const t = line.split(/\s+/);
      const x = Number(t[1]), y = Number(t[2]), z = Number(t[3]);
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) throw unreadable(`Not a vertex: "${line.slice(0, 80)}".`);
      this.topology.addVertex(x, y, z);
    } else if (line.startsWith('f ') || line.startsWith('f\t')) {
      const t = line.split(/\s+/);
      const count = this.topology.vertexCount;
      const corners = this.corners;
      corners.length = 0;
      for (let i = 1; i < t.length; i++) {
        const n = parseInt(t[i]!, 10);
        const v = n < 0 ? count + n : n - 1;
        if (!Number.isInteger(n) || n === 0 || v < 0 || v >= count) throw unreadable(`A face points at a vertex that does not exist: "${line.slice(0, 80)}".`);
        corners.push(v);
      }
      for (let i = 1; i + 1 < corners.length; i++) this.topology.addTriangle(corners[0]!, corners[i]!, corners[i + 1]!);
    } else if (line && !line.startsWith('#') && !/^(vn|vt|vp|l|p|o|g|s|mtllib|usemtl|cstype|deg|curv|surf|parm|end|bmat|step|trim|hole|scrv|sp|con|mg|lod|shadow_obj|trace_obj|ctech|stech|bevel|c_interp|d_interp)\b/.test(line)) {
      throw unreadable(`Not an OBJ line: "${line.slice(0, 80)}".`);
    }
  }

  finish(): MeshFigures {
    this.lines.end();
    return this.topology.figures();
  }
}

// --- ZIP ------------------------------------------------------------------------------------------

/** Meshes read from one archive; the others are counted as not checked. */
export const ZIP_MAX_MESHES = 20;

/**
 * What an archive may unpack to before anything in it is analysed (docs/decisions/0052): a ZIP bomb is refused,
 * not read up to a ceiling. `unpacked`: the bytes of all its entries together, at most what a case file may be
 * (the upload limit); `entries`: files in it; `ratio`: unpacked bytes per archive byte, beyond the first `free`
 * bytes (a small file compresses well and harms nobody). Checked in the central directory before the worker
 * starts (`zipDirectoryProblem`), in each local header, and again on the bytes actually inflated, which no
 * header can lie about. One object so that tests can lower a limit (the worker keeps the values it started with).
 */
export const ZIP_LIMITS = {
  unpacked: FILE_MAX_BYTES,
  entries: 1000,
  ratio: 100,
  free: 1024 * 1024,
};
const MESH_EXTENSIONS: Record<string, MeshKind> = { stl: 'stl', ply: 'ply', obj: 'obj' };
/** Archive bytes given to the inflater at a time: at most about 1,000 times as many come out (deflate's limit). */
const ZIP_SLICE = 4096;

const tooLarge = (detail: string) => new MeshError('archive_too_large', detail);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The archive's problem when `unpacked` bytes come from `packed` (declared or real), else null. */
export function unpackProblem(unpacked: number, packed: number): string | null {
  if (unpacked > ZIP_LIMITS.unpacked) return `The archive unpacks to more than ${mb(ZIP_LIMITS.unpacked)}.`;
  if (unpacked > ZIP_LIMITS.free && unpacked > packed * ZIP_LIMITS.ratio) return `The archive unpacks to more than ${ZIP_LIMITS.ratio} times its size.`;
  return null;
}

class ZipParser {
  private unzip: Unzip;
  private parts: MeshPart[] = [];
  private skipped = 0;
  private entries = 0;
  /** Archive bytes received and bytes inflated from them, over the whole archive. */
  private received = 0;
  private unpacked = 0;
  private failure: MeshError | null = null;

  constructor() {
    this.unzip = new Unzip((file) => this.entry(file));
    this.unzip.register(UnzipInflate);
  }

  private entry(file: UnzipFile) {
    if (this.failure) return;
    if (++this.entries > ZIP_LIMITS.entries) {
      this.failure = tooLarge(`The archive holds more than ${ZIP_LIMITS.entries} files.`);
      return;
    }
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    const kind = MESH_EXTENSIONS[ext];
    if (!kind || file.name.endsWith('/') || file.name.split('/').some((p) => p === '__MACOSX')) return;
    if (this.parts.length >= ZIP_MAX_MESHES) {
      this.skipped++;
      return;
    }
    // What the local header declares (absent when the sizes follow the data).
    const declared = file.originalSize !== undefined ? unpackProblem(this.unpacked + file.originalSize, Math.max(file.size ?? 0, 1)) : null;
    if (declared) {
      this.failure = tooLarge(declared);
      return;
    }
    const parser = createParser(kind, file.originalSize ?? -1);
    const name = file.name.slice(0, 200);
    file.ondata = (error, data, final) => {
      if (this.failure) return;
      if (error) {
        this.failure = unreadable(`${name}: ${error.message}`);
        return;
      }
      // The bytes really inflated against the archive bytes really received: headers can lie, this cannot.
      this.unpacked += data.length;
      const real = unpackProblem(this.unpacked, this.received);
      if (real) {
        this.failure = tooLarge(real);
        file.terminate();
        return;
      }
      parser.push(data);
      if (!final) return;
      const result = parser.end();
      if (result.ok) this.parts.push({ name, ...result.figures });
      else this.failure = new MeshError(result.error, `${name}: ${result.detail}`);
    };
    try {
      file.start();
    } catch (error) {
      this.failure = unreadable(`${name}: ${(error as Error).message}`);
    }
  }

  push(chunk: Uint8Array) {
    if (this.failure) throw this.failure;
    // In slices: fflate inflates all it is given at once, and a few kilobytes of a bomb are megabytes of output.
    for (let i = 0; i < chunk.length && !this.failure; i += ZIP_SLICE) {
      const slice = chunk.subarray(i, i + ZIP_SLICE);
      this.received += slice.length;
      this.unzip.push(slice, false);
    }
    if (this.failure) throw this.failure;
  }

  finish(): MeshResult {
    this.unzip.push(new Uint8Array(0), true);
    if (this.failure) throw this.failure;
    const parts = this.parts;
    const sum = (key: 'triangles' | 'vertices' | 'areaMm2' | 'shells' | 'holes' | 'boundaryEdges' | 'nonManifoldEdges' | 'degenerate') =>
      parts.reduce((total, p) => total + p[key], 0);
    const largest = (axis: 'x' | 'y' | 'z') => parts.reduce((m, p) => Math.max(m, p.bbox[axis]), 0);
    const figures: MeshFigures = {
      triangles: sum('triangles'),
      vertices: sum('vertices'),
      bbox: { x: largest('x'), y: largest('y'), z: largest('z') },
      areaMm2: Math.round(sum('areaMm2') * 100) / 100,
      shells: sum('shells'),
      holes: sum('holes'),
      boundaryEdges: sum('boundaryEdges'),
      nonManifoldEdges: sum('nonManifoldEdges'),
      degenerate: sum('degenerate'),
    };
    return { ok: true, figures, parts, ...(this.skipped ? { skipped: this.skipped } : {}) };
  }
}

// --- Cheap checks at upload -------------------------------------------------------------------------

/**
 * What the first bytes already tell (an STL declaring no triangles, a PLY header without faces), so the
 * upload can be refused at once; null when nothing is wrong so far. `head` is the first few kilobytes.
 */
export function headProblem(kind: MeshKind, head: Uint8Array, size: number): { error: MeshErrorCode; detail: string } | null {
  try {
    if (kind === 'stl') {
      const start = Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, 80)).toString('latin1');
      const ascii = /^\s*solid\b/.test(start) && head.subarray(0, 1024).every(isTextByte);
      if (!ascii && head.length >= 84 && view(head).getUint32(80, true) === 0) return { error: 'no_triangles', detail: 'The STL declares no triangles.' };
      if (ascii && size === head.length && !/\bvertex\b/.test(Buffer.from(head).toString('latin1'))) return { error: 'no_triangles', detail: 'The STL has no triangles.' };
    } else if (kind === 'ply') {
      const header = parsePlyHeader(head);
      if (header) {
        const faces = facesOf(header);
        if (!faces || faces.count === 0 || !indexProp(faces)) return { error: 'no_triangles', detail: 'The PLY file has no faces.' };
      }
    }
    return null;
  } catch (error) {
    return error instanceof MeshError ? { error: error.code, detail: error.message } : null;
  }
}

/** Analyses a whole buffer at once (tests, the bench's reference figures). */
export function analyseBytes(kind: MeshKind, bytes: Uint8Array, chunkSize = 65_536): MeshResult {
  const parser = createParser(kind, bytes.length);
  for (let i = 0; i < bytes.length; i += chunkSize) parser.push(bytes.subarray(i, Math.min(bytes.length, i + chunkSize)));
  return parser.end();
}
