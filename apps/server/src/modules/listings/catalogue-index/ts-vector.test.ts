import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helper.js';
import { parseTsVector, rankEntries, tsRank, weightOf } from './ts-vector.js';
import { similarity, trigramsOf } from './trigrams.js';

// The index's copies of PostgreSQL functions (ADR 0048) against PostgreSQL itself: ts_rank and pg_trgm's similarity,
// value for value (float4), on vectors and words the database makes.
const { ctx } = await useTestApp();

const WORDS = ['crown', 'crowns', 'zirconia', 'bridge', 'design', 'designed', 'implant', 'abutment', 'e.max', 'تاج', 'زركونيا', 'veneer', 'guide', 'night', 'milled'];
let seed = 7;
const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

describe('parseTsVector', () => {
  it('reads lexemes with quotes and backslashes, positions and weights (none is D)', () => {
    expect(parseTsVector(`'crown':1A,4 'it''s':2C 'a\\\\b':3B 'bare'`)).toEqual([
      { lexeme: 'crown', positions: [1 | (3 << 14), 4] },
      { lexeme: "it's", positions: [2 | (1 << 14)] },
      { lexeme: 'a\\b', positions: [3 | (2 << 14)] },
      { lexeme: 'bare', positions: [] },
    ]);
    expect(parseTsVector('')).toEqual([]);
    expect(() => parseTsVector(`'open`)).toThrow();
  });
});

describe('tsRank', () => {
  it('equals ts_rank for 200 random vectors and queries, AND and OR, prefixes, repeated words', async () => {
    for (let n = 0; n < 200; n++) {
      const text = (k: number) => Array.from({ length: k }, () => pick(WORDS)).join(' ');
      const title = text(1 + Math.floor(next() * 3));
      const body = text(Math.floor(next() * 12));
      const operands = Array.from({ length: 1 + Math.floor(next() * 3) }, () => `'${pick(WORDS)}'${next() < 0.5 ? ':*' : ''}`);
      const and = next() < 0.6;
      const query = operands.join(and ? ' & ' : ' | ');
      const [row] = await ctx.database.query<{ v: string; q: string; r: number }>(
        `select v::text as v, q::text as q, ts_rank(v, q) as r from (select setweight(to_tsvector('english', $1), 'A') || setweight(to_tsvector('simple', $1), 'A') || to_tsvector('english', $2) as v, to_tsquery('english', $3) as q) x`,
        [title, body, query],
      );
      const entries = parseTsVector(row!.v);
      const positions = entries.flatMap((e) => e.positions);
      let at = 0;
      // The query's distinct operands in byte order, as PostgreSQL's ts_rank takes them.
      const items = [...new Map([...row!.q.matchAll(/'([^']*)'(:\*)?/g)].map((m) => [m[1]!, !!m[2]])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const ranges = entries.map((e) => ({ lexeme: e.lexeme, start: at, end: (at += e.positions.length) }));
      // Item by item, then in the vector's order, as ts_rank reads them.
      const pairs = items.flatMap(([lexeme, prefix], i) => ranges.filter((e) => (prefix ? e.lexeme.startsWith(lexeme) : e.lexeme === lexeme)).map((e) => ({ i, ...e })));
      const matched = rankEntries(pairs.length + 1);
      for (const p of pairs) {
        matched.item[matched.count] = p.i;
        matched.start[matched.count] = p.start;
        matched.end[matched.count++] = p.end;
      }
      const top = row!.q.includes('&') && !row!.q.includes('|');
      expect(tsRank(matched, positions, items.length, top, entries.length), `${row!.v} @ ${row!.q}`).toBe(Math.fround(Number(row!.r))); // float4, printed as its shortest form
    }
  });

  it('weights as PostgreSQL stores them', () => {
    expect(weightOf(parseTsVector(`'x':5A`)[0]!.positions[0]!)).toBe(3);
    expect(weightOf(parseTsVector(`'x':5`)[0]!.positions[0]!)).toBe(0);
  });
});

describe('similarity', () => {
  it("equals pg_trgm's similarity for word pairs (Latin, Arabic, typos, short words)", async () => {
    const pairs = [
      ['zirconia', 'zirkonia'],
      ['crown', 'crwn'],
      ['abutment', 'abutmnt'],
      ['تاج', 'التاج'],
      ['زركونيا', 'زركونية'],
      ['ab', 'abc'],
      ['monolithic', 'monolithc'],
      ['design', 'desing'],
      ['a', 'b'],
    ];
    for (const [a, b] of pairs) {
      const [row] = await ctx.database.query<{ s: number }>(`select similarity($1, $2) as s`, [a, b]);
      expect(similarity(trigramsOf(a!), trigramsOf(b!)), `${a} ~ ${b}`).toBe(Math.fround(Number(row!.s)));
    }
  });
});
