/** Small, real case files of each accepted kind, generated here (no fixtures to download). */
const TETRA = [
  [0, 0, 0],
  [10, 0, 0],
  [0, 10, 0],
  [0, 0, 10],
];
const FACES = [
  [0, 2, 1],
  [0, 1, 3],
  [0, 3, 2],
  [1, 2, 3],
];

export function binaryStl(): Buffer {
  const buf = Buffer.alloc(84 + 50 * FACES.length);
  buf.write('binary tetrahedron', 0, 'latin1');
  buf.writeUInt32LE(FACES.length, 80);
  FACES.forEach((face, i) => {
    const o = 84 + i * 50 + 12; // after the normal
    face.forEach((v, j) => TETRA[v]!.forEach((c, k) => buf.writeFloatLE(c, o + j * 12 + k * 4)));
  });
  return buf;
}

export function asciiStl(): Buffer {
  const facets = FACES.map((f) => `facet normal 0 0 0\n outer loop\n${f.map((v) => `  vertex ${TETRA[v]!.join(' ')}`).join('\n')}\n endloop\nendfacet`).join('\n');
  return Buffer.from(`solid tetra\n${facets}\nendsolid tetra\n`);
}

export function plyWithColours(): Buffer {
  const header = ['ply', 'format ascii 1.0', `element vertex ${TETRA.length}`, 'property float x', 'property float y', 'property float z', 'property uchar red', 'property uchar green', 'property uchar blue', `element face ${FACES.length}`, 'property list uchar int vertex_indices', 'end_header'];
  const verts = TETRA.map((v, i) => `${v.join(' ')} ${i * 60} 120 200`);
  const faces = FACES.map((f) => `3 ${f.join(' ')}`);
  return Buffer.from([...header, ...verts, ...faces].join('\n') + '\n');
}

export function obj(): Buffer {
  return Buffer.from(['# tetrahedron', 'o tetra', ...TETRA.map((v) => `v ${v.join(' ')}`), ...FACES.map((f) => `f ${f.map((i) => i + 1).join(' ')}`)].join('\n') + '\n');
}

/** An empty but valid ZIP archive (end of central directory record only). */
export function emptyZip(): Buffer {
  const buf = Buffer.alloc(22);
  buf.writeUInt32LE(0x06054b50, 0);
  return buf;
}

/**
 * Another format's bytes padded to a binary STL's size (84 + 50 per declared triangle): what the size
 * check alone let through as scan.stl (`magic` first, then filler).
 */
export function paddedToStlSize(magic: Buffer | string, triangles = 20, filler = 0x00): Buffer {
  const buf = Buffer.alloc(84 + 50 * triangles, filler);
  Buffer.from(magic as string, 'latin1').copy(buf, 0);
  buf.writeUInt32LE(triangles, 80);
  return buf;
}

/** A binary STL of the right size whose triangles are not numbers (NaN) or absurdly large. */
export function garbageStl(kind: 'nan' | 'huge'): Buffer {
  const buf = binaryStl();
  if (kind === 'nan') buf.fill(0xff, 84);
  else for (let o = 84; o + 4 <= buf.length; o += 50) buf.writeFloatLE(3.4e38, o + 12);
  return buf;
}
