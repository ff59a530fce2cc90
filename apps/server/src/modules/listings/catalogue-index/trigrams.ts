/**
 * pg_trgm's similarity (trgm_op.c), for the catalogue index's vocabulary (ADR 0048): a word's trigrams are those of the
 * word padded with two spaces before and one after, counted once each; similarity is shared / (all of both - shared),
 * in float4 as pg_trgm returns it. Vocabulary words are single words of letters, and what is corrected is letters and
 * digits, so splitting into words (pg_trgm splits on other characters) is not needed.
 */
export function trigramsOf(word: string): Set<string> {
  const chars = [' ', ' ', ...word, ' '];
  const set = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) set.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return set;
}

export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return trigramSimilarity(shared, a.size, b.size);
}

/** From counts: shared trigrams, and each word's. */
export function trigramSimilarity(shared: number, a: number, b: number): number {
  const all = a + b - shared;
  return all === 0 ? 0 : Math.fround(Math.fround(shared) / Math.fround(all));
}
