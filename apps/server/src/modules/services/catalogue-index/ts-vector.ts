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

/** A vector as ts_rank reads it: which query items (by index) each entry matches, and the entry's positions. */
export interface RankEntry {
  /** Indexes of the query's items this entry matches (an item is a lexeme, or a prefix of several). */
  items: readonly number[];
  positions: ArrayLike<number>;
}

/**
 * `ts_rank(vector, query)` with the default weights and no normalisation, as PostgreSQL 15-17 computes it
 * (tsrank.c: calc_rank_or, calc_rank_and), in float4 where it does, so that ties and order agree with the database.
 * `itemCount` is the number of the query's distinct operands (SortAndUniqItems); `and` says whether the query's top
 * operator is AND. `entries` lists, in the vector's order, the entries that match some item.
 */
export function tsRank(entries: readonly RankEntry[], itemCount: number, and: boolean, vectorSize: number): number {
  if (vectorSize === 0 || itemCount === 0) return 0;
  const res = and && itemCount >= 2 ? rankAnd(entries, itemCount) : rankOr(entries, itemCount);
  return res < 0 ? f(1e-20) : res;
}

function rankOr(entries: readonly RankEntry[], itemCount: number): number {
  let res = 0;
  // Item by item, then the item's entries in vector order: the same sums, in the same float4 order, as calc_rank_or.
  for (let item = 0; item < itemCount; item++) {
    for (const entry of entries) {
      if (!entry.items.includes(item)) continue;
      let resj = 0;
      let wjm = -1;
      let jm = 0;
      for (let j = 0; j < entry.positions.length; j++) {
        const w = W[weightOf(entry.positions[j]!)]!;
        resj = f(resj + f(w / ((j + 1) * (j + 1))));
        if (w > wjm) {
          wjm = w;
          jm = j;
        }
      }
      res = f(res + f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
    }
  }
  return f(res / itemCount);
}

function rankAnd(entries: readonly RankEntry[], itemCount: number): number {
  let res = -1;
  const last: Array<ArrayLike<number> | undefined> = new Array(itemCount);
  for (let i = 0; i < itemCount; i++) {
    for (const entry of entries) {
      if (!entry.items.includes(i)) continue;
      const post = entry.positions;
      last[i] = post;
      for (let k = 0; k < i; k++) {
        const ct = last[k];
        if (!ct) continue;
        for (let l = 0; l < post.length; l++) {
          for (let p = 0; p < ct.length; p++) {
            const dist = Math.abs(placeOf(post[l]!) - placeOf(ct[p]!));
            if (dist === 0) continue; // both have positions (every entry of a stored vector does)
            const curw = f(Math.sqrt(f(f(W[weightOf(post[l]!)]! * W[weightOf(ct[p]!)]!) * wordDistance(dist))));
            res = res < 0 ? curw : f(1 - (1 - res) * (1 - curw));
          }
        }
      }
    }
  }
  return res;
}
