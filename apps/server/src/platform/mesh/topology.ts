import type { MeshFigures } from './types.js';

/**
 * The mesh measurements in compact typed arrays (docs/decisions/0026, 0044): a vertex table, union-find over
 * vertex ids (shells), the triangles' corners kept as they come, and running sums (area, bounding box,
 * degenerate triangles). Edges are counted once, at the end, vertex by vertex (each edge listed under its lower
 * vertex id, then each vertex's short list sorted): vertex ids follow the file's order, so every pass walks memory
 * nearly in order. A hash map of edges, as before, missed the cache on almost every look-up (ADR 0044 has the
 * profile). About 45 MB for a million-triangle scan at the end; no JavaScript object per vertex, edge or triangle.
 */

/** Murmur3's finaliser: every input bit moves every output bit, so neighbouring floats spread out. */
function mix(h: number) {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
const pointHash = (x: number, y: number, z: number) => mix(Math.imul(mix(x) ^ y, 0x9e3779b1) ^ z);

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(2, n)));

/** A triangle whose area is below this share of its longest edge squared is a needle or a cap. */
const SLIVER_RATIO = 1e-4;
/** Tables are first sized from the file's own count up to this many triangles, then grow: a header cannot make us allocate. */
const PRESIZE_MAX = 4_000_000;

export class Topology {
  /** Vertex positions, 3 floats per vertex id. */
  positions: Float32Array;
  private count = 0;
  private parent: Int32Array;
  private used: Uint8Array;
  /** The corners of every triangle with three distinct corners, 3 ids each, in the order read. */
  private corners: Int32Array;
  private cornerCount = 0;

  triangles = 0;
  degenerate = 0;
  area = 0;
  private minX = Infinity;
  private minY = Infinity;
  private minZ = Infinity;
  private maxX = -Infinity;
  private maxY = -Infinity;
  private maxZ = -Infinity;

  constructor(expected: { vertices: number; triangles: number }) {
    const vertices = Math.ceil(Math.max(1024, Math.min(expected.vertices, PRESIZE_MAX) * 1.1));
    this.positions = new Float32Array(vertices * 3);
    this.parent = new Int32Array(vertices);
    this.used = new Uint8Array(vertices);
    this.corners = new Int32Array(Math.max(3072, Math.min(expected.triangles, PRESIZE_MAX) * 3));
  }

  get vertexCount() {
    return this.count;
  }

  /** Appends a vertex and returns its id. */
  addVertex(x: number, y: number, z: number): number {
    const id = this.count;
    if (id === this.parent.length) this.growVertices();
    this.positions[id * 3] = x;
    this.positions[id * 3 + 1] = y;
    this.positions[id * 3 + 2] = z;
    this.parent[id] = id;
    this.count++;
    return id;
  }

  private growVertices() {
    const size = Math.ceil(this.parent.length * 1.5);
    const positions = new Float32Array(size * 3);
    positions.set(this.positions);
    this.positions = positions;
    const parent = new Int32Array(size);
    parent.set(this.parent);
    this.parent = parent;
    const used = new Uint8Array(size);
    used.set(this.used);
    this.used = used;
  }

  private find(v: number): number {
    const parent = this.parent;
    let root = v;
    while (parent[root] !== root) root = parent[root]!;
    while (parent[v] !== root) {
      const next = parent[v]!;
      parent[v] = root;
      v = next;
    }
    return root;
  }

  private union(a: number, b: number) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[ra < rb ? rb : ra] = ra < rb ? ra : rb;
  }

  private use(v: number) {
    if (this.used[v]) return;
    this.used[v] = 1;
    const p = this.positions;
    const x = p[v * 3]!, y = p[v * 3 + 1]!, z = p[v * 3 + 2]!;
    if (x < this.minX) this.minX = x;
    if (x > this.maxX) this.maxX = x;
    if (y < this.minY) this.minY = y;
    if (y > this.maxY) this.maxY = y;
    if (z < this.minZ) this.minZ = z;
    if (z > this.maxZ) this.maxZ = z;
  }

  /** One triangle by vertex ids (already added). */
  addTriangle(a: number, b: number, c: number) {
    this.triangles++;
    this.use(a);
    this.use(b);
    this.use(c);
    this.union(a, b);
    this.union(a, c);
    if (a === b || b === c || a === c) {
      // A repeated corner: no area and no real edges.
      this.degenerate++;
      return;
    }
    const p = this.positions;
    const ax = p[a * 3]!, ay = p[a * 3 + 1]!, az = p[a * 3 + 2]!;
    const ux = p[b * 3]! - ax, uy = p[b * 3 + 1]! - ay, uz = p[b * 3 + 2]! - az;
    const vx = p[c * 3]! - ax, vy = p[c * 3 + 1]! - ay, vz = p[c * 3 + 2]! - az;
    const cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
    const twiceArea = Math.sqrt(cx * cx + cy * cy + cz * cz);
    this.area += twiceArea / 2;
    const wx = vx - ux, wy = vy - uy, wz = vz - uz;
    const longest = Math.max(ux * ux + uy * uy + uz * uz, vx * vx + vy * vy + vz * vz, wx * wx + wy * wy + wz * wz);
    if (twiceArea <= 2 * SLIVER_RATIO * longest) this.degenerate++;
    if (this.cornerCount + 3 > this.corners.length) {
      const corners = new Int32Array(Math.ceil(this.corners.length * 1.5));
      corners.set(this.corners);
      this.corners = corners;
    }
    const k = this.cornerCount;
    this.corners[k] = a;
    this.corners[k + 1] = b;
    this.corners[k + 2] = c;
    this.cornerCount = k + 3;
  }

  /** The figures; the topology is spent afterwards (its arrays are reused, and `scratch` when large enough). */
  figures(scratch?: Int32Array): MeshFigures {
    let vertices = 0;
    let shells = 0;
    for (let v = 0; v < this.count; v++) {
      if (!this.used[v]) continue;
      vertices++;
      if (this.find(v) === v) shells++;
    }
    const { boundaryEdges, nonManifoldEdges, holes } = this.edges(scratch);
    const size = (min: number, max: number) => (vertices ? round(max - min, 4) : 0);
    return {
      triangles: this.triangles,
      vertices,
      bbox: { x: size(this.minX, this.maxX), y: size(this.minY, this.maxY), z: size(this.minZ, this.maxZ) },
      ...(vertices ? { bounds: { min: [round(this.minX, 4), round(this.minY, 4), round(this.minZ, 4)], max: [round(this.maxX, 4), round(this.maxY, 4), round(this.maxZ, 4)] } } : {}),
      areaMm2: round(this.area, 2),
      shells,
      holes,
      boundaryEdges,
      nonManifoldEdges,
      degenerate: this.degenerate,
    };
  }

  /**
   * How many triangles use each edge: every edge is listed under its lower vertex (a compressed row per vertex),
   * each row sorted, runs counted. Used once: a boundary edge; more than twice: non-manifold. Boundary loops
   * (holes, and a scan's open border) are union-find over the vertices of the edges used once.
   */
  private edges(scratch?: Int32Array) {
    const n = this.count;
    const corners = this.corners;
    const total = this.cornerCount;
    // Row starts: how many edges each vertex is the lower end of, summed.
    const start = new Int32Array(n + 1);
    for (let k = 0; k < total; k += 3) {
      const a = corners[k]!, b = corners[k + 1]!, c = corners[k + 2]!;
      start[(a < b ? a : b) + 1]!++;
      start[(b < c ? b : c) + 1]!++;
      start[(c < a ? c : a) + 1]!++;
    }
    for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
    // The higher ends, row by row; `fill` is where each row's next entry goes.
    const higher = scratch && scratch.length >= total ? scratch : new Int32Array(total);
    const fill = start.slice(0, n);
    for (let k = 0; k < total; k += 3) {
      const a = corners[k]!, b = corners[k + 1]!, c = corners[k + 2]!;
      if (a < b) higher[fill[a]!++] = b;
      else higher[fill[b]!++] = a;
      if (b < c) higher[fill[b]!++] = c;
      else higher[fill[c]!++] = b;
      if (c < a) higher[fill[c]!++] = a;
      else higher[fill[a]!++] = c;
    }
    const parent = this.parent;
    for (let v = 0; v < n; v++) parent[v] = v;
    const onBoundary = this.used;
    onBoundary.fill(0);
    let boundaryEdges = 0;
    let nonManifoldEdges = 0;
    for (let v = 0; v < n; v++) {
      const from = start[v]!;
      const to = start[v + 1]!;
      if (to - from > 1) sortRow(higher, from, to);
      let i = from;
      while (i < to) {
        const w = higher[i]!;
        let j = i + 1;
        while (j < to && higher[j] === w) j++;
        const uses = j - i;
        if (uses > 2) nonManifoldEdges++;
        else if (uses === 1) {
          boundaryEdges++;
          onBoundary[v] = 1;
          onBoundary[w] = 1;
          this.union(v, w);
        }
        i = j;
      }
    }
    let holes = 0;
    for (let v = 0; v < n; v++) if (onBoundary[v] && this.find(v) === v) holes++;
    return { boundaryEdges, nonManifoldEdges, holes };
  }
}

/** Sorts `list[from..to)`: insertion sort for the usual handful of neighbours, the built-in sort for a fan's centre. */
function sortRow(list: Int32Array, from: number, to: number) {
  if (to - from > 32) {
    list.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const x = list[i]!;
    let j = i - 1;
    while (j >= from && list[j]! > x) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = x;
  }
}

/** Rounded to `digits` significant places after the point, without float noise such as 41.99999. */
export function round(value: number, digits: number) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The welding table is rebuilt twice as large past this share of slots in use. */
const WELD_LOAD = 0.7;

/**
 * Welds STL corners by exact position (docs/decisions/0026): the three float32 bit patterns hash into an
 * open-addressing table (-0 counts as 0). Exporters write a shared corner with the same floats every time
 * it appears, so equal bits are one vertex. Each slot holds the three patterns and the vertex id + 1 (0:
 * empty) side by side, so a look-up reads one cache line.
 */
export class VertexWelder {
  private table: Int32Array;
  private mask: number;
  private stored = 0;

  constructor(
    private readonly topology: Topology,
    expectedVertices: number,
  ) {
    const slots = nextPow2(Math.max(2048, expectedVertices / WELD_LOAD));
    this.table = new Int32Array(slots * 4);
    this.mask = slots - 1;
  }

  /** The id of the vertex with these float32 bit patterns (and values), adding it when new. */
  vertex(bx: number, by: number, bz: number, x: number, y: number, z: number): number {
    if (bx === -0x80000000) bx = 0;
    if (by === -0x80000000) by = 0;
    if (bz === -0x80000000) bz = 0;
    const table = this.table;
    let h = pointHash(bx, by, bz) & this.mask;
    for (;;) {
      const o = h * 4;
      const id = table[o + 3]!;
      if (id === 0) break;
      if (table[o] === bx && table[o + 1] === by && table[o + 2] === bz) return id - 1;
      h = (h + 1) & this.mask;
    }
    const id = this.topology.addVertex(x, y, z);
    const o = h * 4;
    table[o] = bx;
    table[o + 1] = by;
    table[o + 2] = bz;
    table[o + 3] = id + 1;
    if (++this.stored > this.mask * WELD_LOAD) this.rehash();
    return id;
  }

  /** Hands the table over for reuse (Topology.figures); the welder is spent afterwards. */
  release(): Int32Array {
    const table = this.table;
    this.table = new Int32Array(0);
    this.mask = 0;
    return table;
  }

  private rehash() {
    const old = this.table;
    const slots = (this.mask + 1) * 2;
    const table = new Int32Array(slots * 4);
    this.table = table;
    this.mask = slots - 1;
    for (let o = 0; o < old.length; o += 4) {
      if (old[o + 3] === 0) continue;
      let h = pointHash(old[o]!, old[o + 1]!, old[o + 2]!) & this.mask;
      while (table[h * 4 + 3] !== 0) h = (h + 1) & this.mask;
      table.set(old.subarray(o, o + 4), h * 4);
    }
  }
}
