/**
 * The demo case worth reviewing (docs/decisions/0038): a lower-left quadrant scan with 36 prepared for a crown and its
 * neighbours 34, 35 and 37, the upper antagonist (24-27), and a crown with cusps and fissures designed on that
 * preparation, all in one coordinate system in millimetres, as a scanner and a CAD program would export them.
 * Generated here at seed time (nothing downloaded); deterministic. No imports, so the e2e tests make the same files.
 *
 * Axes: x runs along the arch from 34 (mesial) to 37 (distal), y from buccal (-) to lingual (+), z is up
 * (occlusal for the lower jaw). The scans are height fields (open surfaces, as a jaw scan is); the crown is a
 * closed surface of revolution around 36's axis whose inner side follows the preparation with a 50 µm cement gap.
 */

type Vec3 = [number, number, number];

interface IndexedMesh {
  positions: Float32Array;
  triangles: Uint32Array;
}

/** Tooth 36's preparation: margin ellipse half-axes (mm) and heights. */
const PREP = { cx: 19.5, cy: 0, a: 5.2, b: 4.8, margin: -5.8, shoulder: -5.4, top: -3.1 } as const;
const LOWER_GUM = -5.6;
const UPPER_GUM = 6.4;
const CEMENT_GAP = 0.05;

interface Tooth {
  cx: number;
  a: number;
  b: number;
  kind: 'premolar' | 'molar';
}

const LOWER_TEETH: Tooth[] = [
  { cx: 3.5, a: 3.6, b: 3.9, kind: 'premolar' }, // 34
  { cx: 10.6, a: 3.6, b: 4.1, kind: 'premolar' }, // 35
  { cx: 30.4, a: 5.3, b: 5.0, kind: 'molar' }, // 37
];
// Upper teeth sit half a cusp distal to the lower ones (a class I bite).
const UPPER_TEETH: Tooth[] = [
  { cx: 5.3, a: 3.5, b: 4.3, kind: 'premolar' }, // 24
  { cx: 12.4, a: 3.5, b: 4.4, kind: 'premolar' }, // 25
  { cx: 21.6, a: 5.4, b: 5.3, kind: 'molar' }, // 26
  { cx: 32.2, a: 5.0, b: 5.1, kind: 'molar' }, // 27
];

const gauss = (u: number, v: number, cu: number, cv: number, s: number) => Math.exp(-((u - cu) ** 2 + (v - cv) ** 2) / (s * s));

/** The chewing surface's relief at normalised (u, v) inside a tooth: cusps up, fissures down (mm). */
function occlusalRelief(kind: Tooth['kind'], u: number, v: number): number {
  if (kind === 'premolar') {
    // A tall buccal cusp, a lower lingual one, a central groove between them.
    return 1.3 * gauss(u, v, 0, -0.42, 0.42) + 0.8 * gauss(u, v, 0, 0.45, 0.4) - 0.55 * Math.exp(-((v - 0.05) ** 2) / 0.02) * (1 - u * u);
  }
  // A lower molar: three buccal and two lingual cusps, a mesiodistal central fissure and buccal/lingual grooves.
  const cusps =
    1.1 * gauss(u, v, -0.5, -0.45, 0.33) +
    1.1 * gauss(u, v, 0.05, -0.5, 0.33) +
    0.8 * gauss(u, v, 0.6, -0.4, 0.3) +
    1.25 * gauss(u, v, -0.45, 0.48, 0.35) +
    1.2 * gauss(u, v, 0.35, 0.48, 0.35);
  const fissure = 0.75 * Math.exp(-((v - 0.02) ** 2) / 0.012) * Math.max(0, 1 - u * u * 0.9);
  const grooves = 0.35 * Math.exp(-((u + 0.2) ** 2) / 0.01) * Math.max(0, Math.abs(v) - 0.1) + 0.3 * gauss(u, v, 0.05, 0.05, 0.18);
  return cusps - fissure - grooves;
}

/** A natural tooth's height above (lower) or below (upper) its gum at (x, y), or null outside it. */
function toothHeight(tooth: Tooth, x: number, y: number, gum: number, occlusal: number): number | null {
  const u = (x - tooth.cx) / tooth.a;
  const v = y / tooth.b;
  const r2 = u * u + v * v;
  if (r2 >= 1) return null;
  const profile = Math.sqrt(1 - r2 * r2); // steep sides, a rounded occlusal table
  const table = gum + (occlusal - gum) * profile;
  return table + (Math.sign(occlusal - gum) * occlusalRelief(tooth.kind, u, v) * profile ** 6);
}

/** The preparation's height at normalised radius r of its margin ellipse: flat-ish top, tapered walls, chamfer. */
function prepHeight(r: number, angle: number): number {
  const relief = 0.25 * Math.cos(2 * angle); // a little of the occlusal anatomy is kept in the reduction
  if (r <= 0.6) return PREP.top - 0.6 * r * r + relief * (1 - r / 0.6) * 0.5;
  const wallTop = PREP.top - 0.6 * 0.36;
  if (r <= 0.92) return wallTop + ((PREP.shoulder - wallTop) * (r - 0.6)) / 0.32;
  // The chamfer: a quarter round from the wall down to the margin.
  const t = (r - 0.92) / 0.08;
  return PREP.shoulder + (PREP.margin - PREP.shoulder) * Math.sin((t * Math.PI) / 2);
}

function lowerHeight(x: number, y: number): number {
  const gum = LOWER_GUM - 0.05 * y * y - 0.25 * Math.cos(x * 0.9) * Math.exp(-y * y / 30);
  const u = (x - PREP.cx) / PREP.a;
  const v = (y - PREP.cy) / PREP.b;
  const r = Math.hypot(u, v);
  // Inside the margin only the preparation (the neighbours end before it); just outside it the gum dips to the margin.
  if (r <= 1) return prepHeight(r, Math.atan2(v, u));
  const sulcus = Math.min((r - 1) / 0.15, 1);
  let z = r < 1.15 ? PREP.margin + (gum - PREP.margin) * sulcus * sulcus * (3 - 2 * sulcus) : gum;
  for (const tooth of LOWER_TEETH) {
    const h = toothHeight(tooth, x, y, gum, -0.9);
    if (h !== null && h > z) z = h;
  }
  return z;
}

function upperHeight(x: number, y: number): number {
  const gum = UPPER_GUM + 0.05 * y * y + 0.25 * Math.cos(x * 0.9 + 1) * Math.exp(-y * y / 30);
  let z = gum;
  for (const tooth of UPPER_TEETH) {
    const h = toothHeight(tooth, x, y, gum, 2.0);
    if (h !== null && h < z) z = h;
  }
  return z;
}

/** A height field over a rectangle, `step` mm apart; `down` flips the winding so the surface faces -z. */
function heightField(height: (x: number, y: number) => number, x0: number, x1: number, y0: number, y1: number, step: number, down: boolean): IndexedMesh {
  const nx = Math.round((x1 - x0) / step) + 1;
  const ny = Math.round((y1 - y0) / step) + 1;
  const positions = new Float32Array(nx * ny * 3);
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < ny; j++) {
      const x = x0 + i * step;
      const y = y0 + j * step;
      positions.set([x, y, height(x, y)], (i * ny + j) * 3);
    }
  }
  const triangles = new Uint32Array((nx - 1) * (ny - 1) * 6);
  let t = 0;
  for (let i = 0; i < nx - 1; i++) {
    for (let j = 0; j < ny - 1; j++) {
      const a = i * ny + j, b = (i + 1) * ny + j, c = (i + 1) * ny + j + 1, d = i * ny + j + 1;
      if (down) triangles.set([a, c, b, a, d, c], t);
      else triangles.set([a, b, c, a, c, d], t);
      t += 6;
    }
  }
  return { positions, triangles };
}

/**
 * The crown: a closed surface around 36's axis. Each direction `angle` has a profile from the inner apex (on the
 * preparation's top) down the inside to the margin, then up the outside (emergence, height of contour) over the
 * occlusal table to the outer apex. The two apexes are single vertices, so the surface is closed and manifold.
 */
function crown(segments = 200, inner = 60, outer = 100): IndexedMesh {
  const profile: Array<(angle: number) => Vec3> = [];
  const at = (r: number, angle: number, z: number): Vec3 => [PREP.cx + r * PREP.a * Math.cos(angle), PREP.cy + r * PREP.b * Math.sin(angle), z];
  // Inside: from near the apex out to the margin, CEMENT_GAP above the preparation.
  for (let m = 1; m <= inner; m++) {
    const r = m / inner;
    profile.push((angle) => at(r, angle, prepHeight(r, angle) + (r < 0.99 ? CEMENT_GAP : CEMENT_GAP * (1 - r) * 100)));
  }
  // Outside: from the margin up and out to the contour, then over the occlusal table inwards.
  const molar: Tooth = { cx: PREP.cx, a: 5.55, b: 5.15, kind: 'molar' };
  for (let m = 1; m < outer; m++) {
    const t = m / outer;
    profile.push((angle) => {
      if (t < 0.3) {
        const w = t / 0.3;
        const r = 1 + 0.07 * Math.sin((w * Math.PI) / 2); // the emergence profile out to the height of contour
        return at(r, angle, PREP.margin + 2.6 * w);
      }
      const w = (t - 0.3) / 0.7;
      const r = 1.07 * Math.cos((w * Math.PI) / 2);
      const shoulder = Math.sin(Math.min(w / 0.3, 1) * (Math.PI / 2)); // rounded marginal ridges
      const [x, y] = at(r, angle, 0);
      const u = ((x - molar.cx) / molar.a) * 0.95;
      const v = (y / molar.b) * 0.95;
      return [x, y, PREP.margin + 2.6 + 2.2 * shoulder + occlusalRelief('molar', u, v) * shoulder ** 2];
    });
  }
  const rings = profile.length;
  const positions = new Float32Array((segments * rings + 2) * 3);
  for (let k = 0; k < segments; k++) {
    const angle = (k / segments) * Math.PI * 2;
    for (let m = 0; m < rings; m++) positions.set(profile[m]!(angle), (k * rings + m) * 3);
  }
  const innerApex = segments * rings;
  const outerApex = innerApex + 1;
  positions.set(at(0, 0, prepHeight(0, 0) + CEMENT_GAP), innerApex * 3);
  const top = profile[rings - 1]!(0);
  positions.set([PREP.cx, PREP.cy, top[2]], outerApex * 3);
  const list: number[] = [];
  for (let k = 0; k < segments; k++) {
    const k2 = (k + 1) % segments;
    for (let m = 0; m < rings - 1; m++) {
      const a = k * rings + m, b = k2 * rings + m, c = k2 * rings + m + 1, d = k * rings + m + 1;
      list.push(a, c, b, a, d, c);
    }
    list.push(innerApex, k2 * rings, k * rings); // the inner apex's fan
    list.push(outerApex, k * rings + rings - 1, k2 * rings + rings - 1);
  }
  return { positions, triangles: Uint32Array.from(list) };
}

/** A binary STL of an indexed mesh (normals left zero: readers recompute them). */
export function toBinaryStl(mesh: IndexedMesh, header: string): Buffer {
  const count = mesh.triangles.length / 3;
  const buf = Buffer.alloc(84 + 50 * count);
  buf.write(header.slice(0, 79), 0, 'latin1');
  buf.writeUInt32LE(count, 80);
  for (let t = 0; t < count; t++) {
    for (let corner = 0; corner < 3; corner++) {
      const v = mesh.triangles[t * 3 + corner]!;
      for (let axis = 0; axis < 3; axis++) buf.writeFloatLE(mesh.positions[v * 3 + axis]!, 84 + t * 50 + 12 + corner * 12 + axis * 4);
    }
  }
  return buf;
}

export interface DemoQuadrant {
  /** The lower-left quadrant with 36 prepared (about 100k triangles). */
  lowerPrep: Buffer;
  /** The upper antagonist, 24-27 (about 70k triangles). */
  upperAntagonist: Buffer;
  /** The crown for 36 (about 77k triangles). */
  crown36: Buffer;
}

/** The three files of the demo case, as binary STL. `detail` < 1 makes them coarser (tests). */
export function demoQuadrant(detail = 1): DemoQuadrant {
  const step = 0.1 / detail;
  return {
    lowerPrep: toBinaryStl(heightField(lowerHeight, -2, 37, -8.5, 8.5, step, false), 'Cusp demo: lower left quadrant, 36 prepared'),
    upperAntagonist: toBinaryStl(heightField(upperHeight, -1, 38, -8.5, 8.5, step * 1.25, true), 'Cusp demo: upper left antagonist 24-27'),
    crown36: toBinaryStl(crown(Math.round(200 * detail), Math.round(60 * detail), Math.round(100 * detail)), 'Cusp demo: crown 36, zirconia'),
  };
}
