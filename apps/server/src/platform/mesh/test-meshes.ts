import { constants as zlibConstants, deflateRawSync } from 'node:zlib';

/**
 * Small meshes made in code for the scan-check tests (no fixtures): a cube as triangles, written as
 * binary and ASCII STL, ASCII and binary PLY, and OBJ.
 */
export type Vec = [number, number, number];
export interface IndexedMesh {
  vertices: Vec[];
  faces: Array<[number, number, number]>;
}

/** A closed cube of `size` mm from the origin: 8 vertices, 12 triangles, outward facing. */
export function cube(size = 10): IndexedMesh {
  const s = size;
  const vertices: Vec[] = [
    [0, 0, 0], [s, 0, 0], [s, s, 0], [0, s, 0],
    [0, 0, s], [s, 0, s], [s, s, s], [0, s, s],
  ];
  const faces: Array<[number, number, number]> = [
    [0, 2, 1], [0, 3, 2], // bottom
    [4, 5, 6], [4, 6, 7], // top
    [0, 1, 5], [0, 5, 4], // front
    [2, 3, 7], [2, 7, 6], // back
    [1, 2, 6], [1, 6, 5], // right
    [3, 0, 4], [3, 4, 7], // left
  ];
  return { vertices, faces };
}

/** The cube without its top face (two triangles): one hole. */
export function openCube(size = 10): IndexedMesh {
  const mesh = cube(size);
  return { vertices: mesh.vertices, faces: mesh.faces.filter((_, i) => i !== 2 && i !== 3) };
}

export function binaryStl(mesh: IndexedMesh): Buffer {
  const out = Buffer.alloc(84 + 50 * mesh.faces.length);
  out.write('cusp test mesh', 0, 'latin1');
  out.writeUInt32LE(mesh.faces.length, 80);
  mesh.faces.forEach((face, t) => {
    face.forEach((v, k) => mesh.vertices[v]!.forEach((c, i) => out.writeFloatLE(c, 84 + t * 50 + 12 + k * 12 + i * 4)));
  });
  return out;
}

export function asciiStl(mesh: IndexedMesh): Buffer {
  const lines = ['solid cube'];
  for (const face of mesh.faces) {
    lines.push('  facet normal 0 0 0', '    outer loop');
    for (const v of face) lines.push(`      vertex ${mesh.vertices[v]!.map((c) => c.toExponential(6)).join(' ')}`);
    lines.push('    endloop', '  endfacet');
  }
  lines.push('endsolid cube', '');
  return Buffer.from(lines.join('\n'), 'latin1');
}

export function asciiPly(mesh: IndexedMesh): Buffer {
  const lines = [
    'ply', 'format ascii 1.0', 'comment made by a test', `element vertex ${mesh.vertices.length}`,
    'property float x', 'property float y', 'property float z', 'property uchar red', 'property uchar green', 'property uchar blue',
    `element face ${mesh.faces.length}`, 'property list uchar int vertex_indices', 'end_header',
    ...mesh.vertices.map((v) => `${v.join(' ')} 200 180 160`),
    ...mesh.faces.map((f) => `3 ${f.join(' ')}`),
    '',
  ];
  return Buffer.from(lines.join('\n'), 'latin1');
}

export function binaryPly(mesh: IndexedMesh, littleEndian = true): Buffer {
  const header = Buffer.from(
    [
      'ply', `format binary_${littleEndian ? 'little' : 'big'}_endian 1.0`, `element vertex ${mesh.vertices.length}`,
      'property float x', 'property float y', 'property float z', 'property uchar red', 'property uchar green', 'property uchar blue',
      `element face ${mesh.faces.length}`, 'property list uchar int vertex_indices', 'end_header', '',
    ].join('\n'),
    'latin1',
  );
  const body = Buffer.alloc(mesh.vertices.length * 15 + mesh.faces.length * 13);
  let o = 0;
  for (const v of mesh.vertices) {
    for (const c of v) o = littleEndian ? body.writeFloatLE(c, o) : body.writeFloatBE(c, o);
    o = body.writeUInt8(200, o);
    o = body.writeUInt8(180, o);
    o = body.writeUInt8(160, o);
  }
  for (const f of mesh.faces) {
    o = body.writeUInt8(3, o);
    for (const v of f) o = littleEndian ? body.writeInt32LE(v, o) : body.writeInt32BE(v, o);
  }
  return Buffer.concat([header, body]);
}

export function obj(mesh: IndexedMesh): Buffer {
  const lines = ['# a test cube', 'o cube', ...mesh.vertices.map((v) => `v ${v.join(' ')}`), 'vn 0 0 1', ...mesh.faces.map((f) => `f ${f.map((v) => `${v + 1}//1`).join(' ')}`), ''];
  return Buffer.from(lines.join('\n'), 'latin1');
}

export function scaled(mesh: IndexedMesh, factor: number): IndexedMesh {
  return { vertices: mesh.vertices.map((v) => v.map((c) => c * factor) as Vec), faces: mesh.faces };
}

/** A closed UV sphere of `radius` mm with `segments` around and `rings` from pole to pole: 2 × segments × (rings - 1) triangles. */
export function sphereStl(radius: number, segments: number, rings: number): Buffer {
  return Buffer.concat([...sphereStlChunks(radius, segments, rings)]);
}

/** The same sphere as a binary STL in pieces of one band of triangles each (no whole-file buffer). */
export function* sphereStlChunks(radius: number, segments: number, rings: number): Generator<Buffer> {
  const triangles = 2 * segments * (rings - 1);
  const header = Buffer.alloc(84);
  header.write('cusp bench sphere', 0, 'latin1');
  header.writeUInt32LE(triangles, 80);
  yield header;
  const point = (ring: number, seg: number): Vec => {
    if (ring === 0) return [0, 0, radius];
    if (ring === rings) return [0, 0, -radius];
    const theta = (Math.PI * ring) / rings;
    const phi = (2 * Math.PI * (seg % segments)) / segments;
    return [radius * Math.sin(theta) * Math.cos(phi), radius * Math.sin(theta) * Math.sin(phi), radius * Math.cos(theta)];
  };
  for (let seg = 0; seg < segments; seg++) {
    const out = Buffer.alloc(50 * 2 * (rings - 1));
    let o = 0;
    const write = (a: Vec, b: Vec, c: Vec) => {
      o += 12;
      for (const p of [a, b, c]) for (const value of p) o = out.writeFloatLE(value, o);
      o += 2;
    };
    write(point(0, 0), point(1, seg), point(1, seg + 1));
    for (let ring = 1; ring < rings - 1; ring++) {
      write(point(ring, seg), point(ring + 1, seg), point(ring + 1, seg + 1));
      write(point(ring, seg), point(ring + 1, seg + 1), point(ring, seg + 1));
    }
    write(point(rings - 1, seg), point(rings, 0), point(rings - 1, seg + 1));
    yield out;
  }
}

/**
 * A ZIP bomb made in a moment: one `name` entry of `megabytes` MB of zeros, deflated as 1 MB blocks each ending
 * in a full flush (independent and byte-aligned, so one block is computed once and repeated), about 1 KB per MB.
 * `declared`: the uncompressed size its local header and central directory claim (the truth by default; a lie
 * when smaller). `zip64`: the directory written as ZIP64 (sizes in the extra field, the end in a ZIP64 record).
 * CRCs are left at zero: the readers never get that far.
 */
export function zipBomb(megabytes: number, options: { name?: string; declared?: number; zip64?: boolean } = {}): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlibConstants.Z_FULL_FLUSH });
  const data = Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
  const name = Buffer.from(options.name ?? 'bomb.stl');
  const original = options.declared ?? megabytes * 1024 * 1024;
  const big = options.zip64 ? 0xffffffff : null;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(Math.min(original, 0xfffffffe), 22);
  local.writeUInt16LE(name.length, 26);
  // ZIP64 extra field: the original size, then the compressed size.
  const extra = Buffer.alloc(options.zip64 ? 20 : 0);
  if (options.zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(BigInt(original), 4);
    extra.writeBigUInt64LE(BigInt(data.length), 12);
  }
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(45, 4);
  central.writeUInt16LE(45, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(big ?? data.length, 20);
  central.writeUInt32LE(big ?? Math.min(original, 0xfffffffe), 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt16LE(extra.length, 30);
  const directoryAt = local.length + name.length + data.length;
  const directorySize = central.length + name.length + extra.length;
  const records: Buffer[] = [];
  if (options.zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(1n, 24);
    record.writeBigUInt64LE(1n, 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(BigInt(directoryAt), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(directoryAt + directorySize), 8);
    locator.writeUInt32LE(1, 16);
    records.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(options.zip64 ? 0xffff : 1, 8);
  end.writeUInt16LE(options.zip64 ? 0xffff : 1, 10);
  end.writeUInt32LE(options.zip64 ? 0xffffffff : directorySize, 12);
  end.writeUInt32LE(options.zip64 ? 0xffffffff : directoryAt, 16);
  return Buffer.concat([local, name, data, central, name, extra, ...records, end]);
}
