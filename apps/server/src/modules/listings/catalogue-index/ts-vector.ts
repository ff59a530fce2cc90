/**
 * PostgreSQL's tsvector and ts_rank, as the catalogue index needs them (ADR 0048). The index reads each service's
 * `search` column as PostgreSQL wrote it (its text form), so the lexemes, stems, weights and positions are the
 * database's own; only the evaluation is done here.
 */

/** Weights as tsvector stores them: D 0, C 1, B 2, A 3 (the two high bits of a position). */
export const WEIGHT_A = 3;
const WEIGHT_OF: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** One lexeme of a vector and its positions, each `position | weight << 14`, as PostgreSQL's WordEntryPos. */
export interface VectorEntry {
  lexeme: string;
  positions: number[];
}

/**
 * Parses tsvector output (`'crown':1A,4 'it''s':2C`): lexemes in the vector's own order (byte order), quotes and
 * backslashes doubled inside, positions with an optional weight letter (none is D).
 */
export function parseTsVector(text: string): VectorEntry[] {
  const entries: VectorEntry[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] !== "'") throw new Error(`tsvector: expected a quote at ${i}`);
    let lexeme = '';
    for (i++; ; i++) {
      const c = text[i];
      if (c === undefined) throw new Error('tsvector: unterminated lexeme');
      if ((c === "'" || c === '\\') && text[i + 1] === c) {
        lexeme += c;
        i++;
      } else if (c === "'") break;
      else lexeme += c;
    }
    i++;
    const positions: number[] = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        let n = 0;
        while (text[i]! >= '0' && text[i]! <= '9') n = n * 10 + (text.charCodeAt(i++) - 48);
        const weight = WEIGHT_OF[text[i]!];
        if (weight !== undefined) i++;
        positions.push(n | ((weight ?? 0) << 14));
        if (text[i] !== ',') break;
        i++;
      }
    }
    entries.push({ lexeme, positions });
  }
  return entries;
}

/** A position's weight (0-3) and its place in the text. */
export const weightOf = (position: number) => position >>> 14;
const placeOf = (position: number) => position & 0x3fff;

const f = Math.fround;
/** ts_rank's default weights {D, C, B, A}, as float4. */
const W = [f(0.1), f(0.2), f(0.4), f(1)];

function wordDistance(distance: number): number {
  if (distance > 100) return f(1e-30);
  return f(1 / (1.005 + 0.05 * Math.exp(distance / 1.5 - 2)));
}

/**
 * A vector's entries as ts_rank reads them, one per (query item, entry that item matches), item by item and within an
 * item in the vector's order: the item's index (an item is a lexeme, or a prefix of several), and where the entry's
 * positions are (positions[start] to positions[end], exclusive, of the array given with them).
 */
export interface RankEntries {
  count: number;
  item: Int32Array;
  start: Int32Array;
  end: Int32Array;
}

/**
 * `ts_rank(vector, query)` with the default weights and no normalisation, as PostgreSQL 15-17 computes it
 * (tsrank.c: calc_rank_or, calc_rank_and), in float4 where it does, so that ties and order agree with the database.
 * `itemCount` is the number of the query's distinct operands (SortAndUniqItems); `and` says whether the query's top
 * operator is AND. `entries` lists, in the vector's order, the entries that match some item.
 */
export function tsRank(entries: RankEntries, positions: ArrayLike<number>, itemCount: number, and: boolean, vectorSize: number): number {
  if (vectorSize === 0 || itemCount === 0) return 0;
  const res = and && itemCount >= 2 ? rankAnd(entries, positions, itemCount) : rankOr(entries, positions, itemCount);
  return res < 0 ? f(1e-20) : res;
}

function rankOr({ count, start, end }: RankEntries, positions: ArrayLike<number>, itemCount: number): number {
  let res = 0;
  // In calc_rank_or's order (item by item, then the vector's), so that the float4 sums round the same way.
  for (let n = 0; n < count; n++) res = addOrTerm(res, orTerm(positions, start[n]!, end[n]!));
  return orRank(res, itemCount);
}

/**
 * What one (item, entry) pair adds to calc_rank_or's sum, before the sum rounds it to float4: it depends on the entry's
 * positions only, so the index keeps it for every posting (catalogue-data.ts) and a one-word search ranks without
 * reading positions. `orRank` finishes the sum.
 */
export function orTerm(positions: ArrayLike<number>, start: number, end: number): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < end - start; j++) {
    const w = W[weightOf(positions[start + j]!)]!;
    resj = f(resj + f(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685;
}

/** calc_rank_or's running sum: `sum` plus one pair's `orTerm`, in float4. */
export const addOrTerm = (sum: number, term: number) => f(sum + term);
/** calc_rank_or's result from its sum; ts_rank of an OR query (or of one item). */
export const orRank = (sum: number, itemCount: number) => f(sum / itemCount);

function rankAnd({ count, item, start, end }: RankEntries, positions: ArrayLike<number>, itemCount: number): number {
  let res = -1;
  // The last entry seen of each item, as calc_rank_and's pos[]: each entry is paired with those of earlier items.
  const last = new Int32Array(itemCount).fill(-1);
  for (let n = 0; n < count; n++) {
    const i = item[n]!;
    last[i] = n;
    for (let k = 0; k < i; k++) {
      const other = last[k]!;
      if (other < 0) continue;
      for (let l = start[n]!; l < end[n]!; l++) {
        for (let p = start[other]!; p < end[other]!; p++) {
          const dist = Math.abs(placeOf(positions[l]!) - placeOf(positions[p]!));
          if (dist === 0) continue; // both have positions (every entry of a stored vector does)
          const curw = f(Math.sqrt(f(f(W[weightOf(positions[l]!)]! * W[weightOf(positions[p]!)]!) * wordDistance(dist))));
          res = res < 0 ? curw : f(1 - (1 - res) * (1 - curw));
        }
      }
    }
  }
  return res;
}

/** Room for `n` rank entries (reused from query to query). */
export function rankEntries(n: number): RankEntries {
  return { count: 0, item: new Int32Array(n), start: new Int32Array(n), end: new Int32Array(n) };
}
