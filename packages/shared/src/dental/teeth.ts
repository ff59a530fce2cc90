/**
 * FDI (ISO 3950) tooth numbers as they stand in the mouth (DENTAL.md): quadrant then position from the
 * midline, permanent teeth only (11-18, 21-28, 31-38, 41-48). Zod-free, so the web tooth chart can use it
 * without loading the schemas.
 */

export const ARCHES = ['upper', 'lower'] as const;
export type Arch = (typeof ARCHES)[number];

const quadrant = (q: number, order: 'fromBack' | 'fromMidline') => {
  const positions = [1, 2, 3, 4, 5, 6, 7, 8].map((p) => q * 10 + p);
  return order === 'fromBack' ? positions.reverse() : positions;
};

/**
 * Each arch in the order its teeth stand, from the patient's right to the patient's left: the order a chart
 * draws them left to right as the dentist faces the patient. 11 and 21 (and 41 and 31) are neighbours across
 * the midline; the two ends of an arch (18 and 28) are not.
 */
export const ARCH_TEETH: Readonly<Record<Arch, readonly number[]>> = {
  upper: [...quadrant(1, 'fromBack'), ...quadrant(2, 'fromMidline')],
  lower: [...quadrant(4, 'fromBack'), ...quadrant(3, 'fromMidline')],
};

const PLACES = new Map<number, { arch: Arch; index: number }>(
  ARCHES.flatMap((arch) => ARCH_TEETH[arch].map((tooth, index) => [tooth, { arch, index }] as const)),
);

/** True for a permanent FDI tooth number (the same set as `FDI_TEETH` of the order schemas). */
export const isPermanentTooth = (tooth: number): boolean => PLACES.has(tooth);

function placeOf(tooth: number) {
  const place = PLACES.get(tooth);
  if (!place) throw new RangeError(`${tooth} is not an FDI permanent tooth number (11-18, 21-28, 31-38, 41-48).`);
  return place;
}

/** Quadrants 1 and 2 are the upper arch (maxilla), 3 and 4 the lower (mandible). Throws on a non-FDI number. */
export const toothArch = (tooth: number): Arch => placeOf(tooth).arch;

/** Where a tooth stands along its arch: 0 for 18 or 48, 15 for 28 or 38. Throws on a non-FDI number. */
export const archIndex = (tooth: number): number => placeOf(tooth).index;

/** The teeth standing next to a tooth in its arch (one at the back of an arch, two otherwise; none for a non-FDI number). */
export function neighbours(tooth: number): number[] {
  const place = PLACES.get(tooth);
  if (!place) return [];
  const row = ARCH_TEETH[place.arch];
  return [row[place.index - 1], row[place.index + 1]].filter((t): t is number => t !== undefined);
}

export const areNeighbours = (a: number, b: number): boolean => neighbours(a).includes(b);

/** The teeth strictly between two teeth of the same arch, in arch order (empty for neighbours or different arches). */
export function teethBetween(a: number, b: number): number[] {
  const pa = PLACES.get(a);
  const pb = PLACES.get(b);
  if (!pa || !pb || pa.arch !== pb.arch) return [];
  const [from, to] = pa.index < pb.index ? [pa.index, pb.index] : [pb.index, pa.index];
  return ARCH_TEETH[pa.arch].slice(from + 1, to);
}
