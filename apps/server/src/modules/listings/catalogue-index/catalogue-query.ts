import { toMinor, type ServiceListQuery } from '@cusp/shared';
import { TIER, tsqueryText, type QueryNode, type ResolvedSearch } from '../../../db/search.js';
import { add, bitsetOf, count, forEach, has, intersect, unite, type Bitset } from './bitset.js';
import { compare, FACETS, lowerBound, type CatalogueData } from './catalogue-data.js';
import type { Stem } from './stems.js';
import { addOrTerm, orRank, rankEntries, tsRank, type RankEntries } from './ts-vector.js';

/**
 * A list query evaluated on the catalogue index (ADR 0048), with the database's semantics (listings.service.ts
 * `listServicesFromDatabase`, db/search.ts): the same filters, the same matches, the same relevance (tiers, ts_rank,
 * the designer's boost) and the same orders, tie for tie.
 */

/** A search word as evaluated: a lexeme of the vectors, a prefix or whole. */
type Node = { kind: 'lexeme'; lexeme: string; prefix: boolean } | { kind: 'and' | 'or'; children: Node[] };

/**
 * A query node through the English stems (`english`) or as typed (`simple`), with stop words dropped the way
 * to_tsquery drops them (an operator left with one side is that side); null when nothing is left.
 */
function stemmed(node: QueryNode, stems: Map<string, Stem>, english: boolean): Node | null {
  if (node.kind === 'word') {
    if (!english) return { kind: 'lexeme', lexeme: node.word, prefix: node.prefix };
    return joined('and', (stems.get(tsqueryText(node)) ?? []).map((s) => ({ kind: 'lexeme', ...s })));
  }
  return joined(
    node.kind,
    node.children.map((child) => stemmed(child, stems, english)),
  );
}

function joined(kind: 'and' | 'or', children: Array<Node | null>): Node | null {
  const kept = children.filter((c): c is Node => c !== null);
  return kept.length === 0 ? null : kept.length === 1 ? kept[0]! : { kind, children: kept };
}

/** The search's parts as the database asks them (db/search.ts `sqlSearch`). */
interface Plan {
  /** What a row must match: every group through the stems, or as typed for a group that asks so. */
  matches: Node | null;
  typed: Node | null;
  typedAny: Node | null;
  all: Node | null;
  /**
   * Whether the "every word as typed anywhere" tier is asked: the database leaves it out when the search has no
   * alternatives (it would add the same to every match), which also leaves it out for a group matched as typed.
   */
  typedTier: boolean;
}

export function planOf(search: ResolvedSearch, stems: Map<string, Stem>): Plan {
  const and = (nodes: QueryNode[]): QueryNode => (nodes.length === 1 ? nodes[0]! : { kind: 'and', children: nodes });
  const or = (nodes: QueryNode[]): QueryNode => (nodes.length === 1 ? nodes[0]! : { kind: 'or', children: nodes });
  const { groups } = search;
  return {
    matches: joined(
      'and',
      groups.map((g) => (g.asTyped ? joined('or', [stemmed(g.any, stems, true), stemmed(g.own, stems, false)]) : stemmed(g.any, stems, true))),
    ),
    typed: stemmed(and(groups.map((g) => g.own)), stems, true),
    typedAny: stemmed(or(groups.map((g) => g.own)), stems, true),
    all: stemmed(and(groups.map((g) => g.any)), stems, true),
    typedTier: groups.some((g) => tsqueryText(g.any) !== tsqueryText(g.own)),
  };
}

/** The slots a node matches, in any weight or in the title (weight A) only. */
function matching(data: CatalogueData, node: Node | null, title: boolean, memo: Map<string, Bitset>): Bitset {
  if (!node) return bitsetOf(data.capacity);
  if (node.kind === 'lexeme') {
    const key = `${title ? 'A' : '*'}${node.prefix ? '*' : '='}${node.lexeme}`;
    let set = memo.get(key);
    if (!set) {
      set = bitsetOf(data.capacity);
      const postings = title ? data.titlePostings : data.postings;
      for (const id of data.lexemesFor(node.lexeme, node.prefix)) for (const slot of postings[id]!) add(set, slot);
      memo.set(key, set);
    }
    return set;
  }
  const [first, ...rest] = node.children.map((child) => matching(data, child, title, memo));
  const result = Uint32Array.from(first!);
  for (const set of rest) (node.kind === 'and' ? intersect : unite)(result, set);
  return result;
}

/** The distinct operands of a query in byte order, as ts_rank takes them (SortAndUniqItems), and its top operator. */
function rankItems(node: Node | null): { items: Array<{ lexeme: string; prefix: boolean }>; and: boolean } {
  const all = new Map<string, boolean>();
  const walk = (n: Node) => (n.kind === 'lexeme' ? all.set(n.lexeme, (all.get(n.lexeme) ?? false) || n.prefix) : n.children.forEach(walk));
  if (node) walk(node);
  const items = [...all].sort(([a], [b]) => compare(a, b)).map(([lexeme, prefix]) => ({ lexeme, prefix }));
  return { items, and: node?.kind === 'and' };
}

type Ordered = Exclude<Sort, 'relevance'>;
/** A sort's order of slots, each slot's place in it, and how far into the data's changes it is. */
interface InOrder {
  order: number[];
  position: Int32Array;
  seen: number;
  epoch: number;
}
const orders = new WeakMap<CatalogueData, Map<Ordered, InOrder>>();

/** How `sort` orders two slots (listings.service.ts `listServicesFromDatabase`): the newest first among equals, then by id. */
function comparator(data: CatalogueData, sort: Ordered): (a: number, b: number) => number {
  const { sales, createdUs, price, rating, starNumber, ids } = data;
  const first: Record<Ordered, (a: number, b: number) => number> = {
    sales: (a, b) => sales[b]! - sales[a]!,
    createdAt: () => 0,
    price_asc: (a, b) => price[a]! - price[b]!,
    price_desc: (a, b) => price[b]! - price[a]!,
    rating: (a, b) => rating[b]! - rating[a]! || starNumber[b]! - starNumber[a]!,
  };
  const by = first[sort];
  return (a, b) => by(a, b) || createdUs[b]! - createdUs[a]! || compare(ids[a]!, ids[b]!);
}

/**
 * Every service's slot in the order of `sort`. Sorted once; after a few changes (a sale, an edit) only the changed
 * slots move, each to its place by binary search; after many, or a new epoch, sorted again.
 */
function orderOf(data: CatalogueData, sort: Ordered): InOrder {
  let bySort = orders.get(data);
  if (!bySort) orders.set(data, (bySort = new Map()));
  const before = comparator(data, sort);
  let known = bySort.get(sort);
  if (!known || known.epoch !== data.epoch || data.changes.length - known.seen > 256 || known.position.length < data.capacity) {
    const order: number[] = [];
    forEach(data.alive, (slot) => order.push(slot));
    order.sort(before);
    known = { order, position: new Int32Array(data.capacity), seen: data.changes.length, epoch: data.epoch };
    bySort.set(sort, known);
  } else if (known.seen < data.changes.length) {
    const moved = new Set(data.changes.slice(known.seen));
    const order = known.order.filter((slot) => !moved.has(slot));
    for (const slot of moved) {
      if (has(data.alive, slot))
        order.splice(
          lowerBound(order.length, (i) => before(order[i]!, slot) < 0),
          0,
          slot,
        );
    }
    known.order = order;
    known.seen = data.changes.length;
  } else return known;
  const { order, position } = known;
  for (let i = 0; i < order.length; i++) position[order[i]!] = i;
  return known;
}

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => Buffer.from(c)) as [Buffer, Buffer, Buffer];

export interface ListAnswer {
  /** The page's services as the API's JSON array (UTF-8). */
  body: Buffer;
  total: number;
}

/** A list query: filters, search (already resolved and stemmed), sort, page. */
export function runQuery(data: CatalogueData, query: ServiceListQuery, currency: string, plan: Plan | null, includeHidden: boolean): ListAnswer {
  const filter = Uint32Array.from(includeHidden ? data.alive : data.visible);
  const values: Record<(typeof FACETS)[number], string | undefined> = { tag: query.tag ?? query.cat, restoration: query.restoration, material: query.material, software: query.software };
  for (const facet of FACETS) {
    const value = values[facet];
    if (value === undefined) continue;
    const set = data.facetSet(facet, value);
    if (set) intersect(filter, set);
    else filter.fill(0);
  }
  if (query.userId) {
    const mine = bitsetOf(data.capacity);
    // As the database compares uuids: in any case.
    for (const slot of data.byUser.get(query.userId.toLowerCase()) ?? []) add(mine, slot);
    intersect(filter, mine);
  }
  const memo = new Map<string, Bitset>();
  if (plan) intersect(filter, matching(data, plan.matches, false, memo));
  const min = query.min === undefined ? -Infinity : toMinor(query.min, currency);
  const max = query.max === undefined ? Infinity : toMinor(query.max, currency);
  const priced = min !== -Infinity || max !== Infinity;
  const inRange = (slot: number) => data.price[slot]! >= min && data.price[slot]! <= max;

  const sort: Sort = query.sort === 'relevance' && !plan ? 'sales' : (query.sort ?? (plan ? 'relevance' : 'sales'));
  const from = query.offset;
  const to = query.offset + query.limit;
  const page: number[] = [];
  let total = 0;
  if (sort === 'relevance' && plan) {
    const matches: number[] = [];
    forEach(filter, (slot) => {
      if (!priced || inRange(slot)) matches.push(slot);
    });
    total = matches.length;
    page.push(...byRelevance(data, plan, matches, memo, from, to));
  } else {
    const { order, position } = orderOf(data, sort === 'relevance' ? 'sales' : sort);
    const size = count(filter);
    if (size * 16 < order.length) {
      // Few matches: gathered from the filter and put in order by their places in the sort, rather than walking it.
      const found: number[] = [];
      forEach(filter, (slot) => {
        if (!priced || inRange(slot)) found.push(slot);
      });
      total = found.length;
      for (const i of firstInOrder(found.length, to, (a, b) => position[found[a]!]! - position[found[b]!]!).slice(from)) page.push(found[i]!);
    } else {
      // Many: the sort's order, walked until the page is full (to the end with a price range, which the total needs).
      if (!priced) total = size;
      let seen = 0;
      for (let i = 0; i < order.length; i++) {
        const slot = order[i]!;
        if (!has(filter, slot) || (priced && !inRange(slot))) continue;
        if (seen >= from && seen < to) page.push(slot);
        seen++;
        if (!priced && seen >= to) break;
      }
      if (priced) total = seen;
    }
  }
  // The rows' bytes joined: no text to encode (or measure) for the answer.
  const parts: Buffer[] = [OPEN];
  page.forEach((slot, i) => parts.push(...(i ? [COMMA, data.json[slot]!] : [data.json[slot]!])));
  parts.push(CLOSE);
  return { body: Buffer.concat(parts), total };
}

export type Sort = 'sales' | 'createdAt' | 'relevance' | 'price_asc' | 'price_desc' | 'rating';

/**
 * The matches from `from` to `to` by relevance (db/search.ts `Search.rank`): the tiers a match is in (whole numbers),
 * plus ts_rank (at most 1) times the designer's boost (verified +20 %, 3 % per average star), halved, which never
 * reaches the next tier; the newest first among equals, then by id. The tiers are bit tests, ts_rank is not: it is
 * computed only for the tiers the page reaches (a broad search's page is cut from its top tier), and only the page's
 * rows are put in order.
 */
function byRelevance(data: CatalogueData, plan: Plan, matches: number[], memo: Map<string, Bitset>, from: number, to: number): number[] {
  const tierSets: Array<[Bitset, number]> = [
    [matching(data, plan.typed, true, memo), TIER.typedInTitle],
    ...(plan.typedTier ? [[matching(data, plan.typed, false, memo), TIER.typed] as [Bitset, number]] : []),
    [matching(data, plan.all, true, memo), TIER.allInTitle],
    [matching(data, plan.typedAny, true, memo), TIER.someTypedInTitle],
  ];
  const byTier = new Map<number, number[]>();
  for (const slot of matches) {
    let tier = 0;
    for (const [set, weight] of tierSets) if (has(set, slot)) tier += weight;
    const list = byTier.get(tier);
    if (list) list.push(slot);
    else byTier.set(tier, [slot]);
  }
  // The tiers the page reaches, and their slots.
  const reached: Array<{ tier: number; slots: number[]; start: number }> = [];
  let before = 0;
  for (const tier of [...byTier.keys()].sort((a, b) => b - a)) {
    const slots = byTier.get(tier)!;
    const start = before;
    before += slots.length;
    if (before <= from) continue;
    if (start >= to) break;
    reached.push({ tier, slots, start });
  }
  const needed = bitsetOf(data.capacity);
  for (const { slots } of reached) for (const slot of slots) add(needed, slot);
  const rank = ranker(data, plan, needed);
  const page: number[] = [];
  for (const { tier, slots, start } of reached) {
    const score = Float64Array.from(slots, (slot) => tier + rank(slot));
    const before = (a: number, b: number) => score[b]! - score[a]! || data.createdUs[slots[b]!]! - data.createdUs[slots[a]!]! || compare(data.ids[slots[a]!]!, data.ids[slots[b]!]!);
    for (const i of firstInOrder(slots.length, to - start, before).slice(Math.max(0, from - start))) page.push(slots[i]!);
  }
  return page;
}

/** The first `k` of 0..n-1 in the order `compare` gives, without sorting the rest (a page of a large tier). */
function firstInOrder(n: number, k: number, compare: (a: number, b: number) => number): number[] {
  // A deep page (a large k) is cheaper sorted whole than kept in order one insertion at a time.
  if (n <= 4 * k || k > 1000) return [...Array(n).keys()].sort(compare).slice(0, k);
  const best: number[] = [];
  for (let i = 0; i < n; i++) {
    if (best.length === k && compare(i, best[k - 1]!) >= 0) continue;
    best.splice(
      lowerBound(best.length, (j) => compare(best[j]!, i) <= 0),
      0,
      i,
    );
    if (best.length > k) best.pop();
  }
  return best;
}

/** Reused from query to query: per slot, a rank sum or a linked list of rank entries; the entries of one slot. */
const scratch: Record<'head' | 'tail' | 'item' | 'entry' | 'next', Int32Array> & { sum: Float64Array; rank: Float64Array; one: RankEntries } = {
  head: new Int32Array(0),
  tail: new Int32Array(0),
  sum: new Float64Array(0),
  rank: new Float64Array(0),
  item: new Int32Array(1024),
  entry: new Int32Array(1024),
  next: new Int32Array(1024),
  one: rankEntries(256),
};

/**
 * A match's ts_rank part of relevance: min(ts_rank, 1) times the boost, halved; for the slots in `needed`. Each
 * slot's entries that match the query's items are read from the postings, item by item (an item's lexemes in byte
 * order, which is the vectors' order), rather than from every slot's whole vector. An OR query (one word and its
 * alternatives) sums the postings' kept `orTerm`s; an AND query needs the positions, gathered per slot first.
 */
function ranker(data: CatalogueData, plan: Plan, needed: Bitset): (slot: number) => number {
  const { items, and } = rankItems(plan.matches);
  if (scratch.head.length < data.capacity) {
    scratch.head = new Int32Array(data.capacity).fill(-1);
    scratch.tail = new Int32Array(data.capacity);
    scratch.sum = new Float64Array(data.capacity);
    scratch.rank = new Float64Array(data.capacity);
  }
  const { head, tail, sum, rank } = scratch;
  const touched: number[] = [];
  const byAnd = and && items.length >= 2;
  let nodes = 0;
  items.forEach((item, i) => {
    for (const id of data.lexemesFor(item.lexeme, item.prefix)) {
      const slots = data.postings[id]!;
      const entries = data.postingEntries[id]!;
      const terms = data.postingTerms[id]!;
      for (let k = 0; k < slots.length; k++) {
        const slot = slots[k]!;
        if (!has(needed, slot)) continue;
        if (!byAnd) {
          if (head[slot] === -1) {
            head[slot] = 0;
            touched.push(slot);
          }
          sum[slot] = addOrTerm(sum[slot]!, terms[k]!);
          continue;
        }
        if (nodes === scratch.item.length) for (const key of ['item', 'entry', 'next'] as const) scratch[key] = grown(scratch[key]);
        scratch.item[nodes] = i;
        scratch.entry[nodes] = entries[k]!;
        scratch.next[nodes] = -1;
        if (head[slot] === -1) {
          head[slot] = nodes;
          touched.push(slot);
        } else scratch.next[tail[slot]!] = nodes;
        tail[slot] = nodes++;
      }
    }
  });
  const boosted = (slot: number, value: number) => (Math.min(value, 1) * ((data.verified[slot] ? 1.2 : 1) + 0.03 * data.rating[slot]!)) / 2;
  // A match none of whose entries is an item (not expected: it matched) ranks as ts_rank ranks no entries.
  const none = tsRank(rankEntries(0), [], items.length, byAnd, 1);
  forEach(needed, (slot) => (rank[slot] = boosted(slot, none)));
  for (const slot of touched) {
    let value: number;
    if (byAnd) {
      const { lexemes, starts, positions } = data.vectors[slot]!;
      let one = scratch.one;
      one.count = 0;
      for (let n = head[slot]!; n !== -1; n = scratch.next[n]!) {
        if (one.count === one.item.length) one = scratch.one = grownEntries(one);
        one.item[one.count] = scratch.item[n]!;
        one.start[one.count] = starts[scratch.entry[n]!]!;
        one.end[one.count++] = starts[scratch.entry[n]! + 1]!;
      }
      value = tsRank(one, positions, items.length, true, lexemes.length);
    } else {
      value = orRank(sum[slot]!, items.length);
      sum[slot] = 0;
    }
    head[slot] = -1;
    rank[slot] = boosted(slot, value);
  }
  return (slot) => rank[slot]!;
}

function grown(array: Int32Array): Int32Array {
  const next = new Int32Array(array.length * 2);
  next.set(array);
  return next;
}

function grownEntries(entries: RankEntries): RankEntries {
  const next = rankEntries(entries.item.length * 2);
  next.item.set(entries.item);
  next.start.set(entries.start);
  next.end.set(entries.end);
  next.count = entries.count;
  return next;
}
