/** Sets of catalogue slots as bits (ADR 0048): filters and matches combine word by word. */
export type Bitset = Uint32Array;

export const bitsetOf = (capacity: number): Bitset => new Uint32Array((capacity + 31) >>> 5);
export const has = (set: Bitset, slot: number) => ((set[slot >>> 5]! >>> (slot & 31)) & 1) === 1;
export function add(set: Bitset, slot: number) {
  set[slot >>> 5]! |= 1 << (slot & 31);
}
export function remove(set: Bitset, slot: number) {
  set[slot >>> 5]! &= ~(1 << (slot & 31));
}
/** `into` keeps only what `other` also has. */
export function intersect(into: Bitset, other: Bitset) {
  for (let i = 0; i < into.length; i++) into[i]! &= other[i] ?? 0;
}
/** `into` gains what `other` has. */
export function unite(into: Bitset, other: Bitset) {
  for (let i = 0; i < into.length; i++) into[i]! |= other[i] ?? 0;
}
export function count(set: Bitset): number {
  let n = 0;
  for (let i = 0; i < set.length; i++) {
    let v = set[i]!;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += (((v + (v >>> 4)) & 0xf0f0f0f) * 0x1010101) >>> 24;
  }
  return n;
}
/** Calls `each` with every slot in the set, in order. */
export function forEach(set: Bitset, each: (slot: number) => void) {
  for (let i = 0; i < set.length; i++) {
    let v = set[i]!;
    while (v !== 0) {
      const low = v & -v;
      each((i << 5) + 31 - Math.clz32(low));
      v ^= low;
    }
  }
}
