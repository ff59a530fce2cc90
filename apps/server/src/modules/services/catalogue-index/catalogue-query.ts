import { toMinor, type ServiceListQuery } from '@cusp/shared';
import { TIER, tsqueryText, type QueryNode, type ResolvedSearch } from '../../../db/search.js';
import { bitsetOf, count, forEach, has, intersect, unite, type Bitset } from './bitset.js';
import { compare, FACETS, type CatalogueData } from './catalogue-data.js';
import type { Stem } from './stems.js';
import { tsRank, type RankEntry } from './ts-vector.js';

/**
 * A list query evaluated on the catalogue index (ADR 0048), with the database's semantics (services.service.ts
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
      for (const id of data.lexemesFor(node.lexeme, node.prefix)) for (const slot of postings[id]!) set[slot >>> 5]! |= 1 << (slot & 31);
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
const orders = new WeakMap<CatalogueData, { version: number; bySort: Map<Ordered, Int32Array> }>();

/**
 * Every service's slot in the order of `sort` (services.service.ts `listServicesFromDatabase`), the newest first
 * among equals and then by id; sorted again after a change, when asked.
 */
function orderOf(data: CatalogueData, sort: Ordered): Int32Array {
  let known = orders.get(data);
  if (known?.version !== data.version) orders.set(data, (known = { version: data.version, bySort: new Map() }));
  let order = known.bySort.get(sort);
  if (order) return order;
  const slots: number[] = [];
  forEach(data.alive, (slot) => slots.push(slot));
  const { sales, createdUs, price, rating, starNumber, ids } = data;
  const first: Record<Ordered, (a: number, b: number) => number> = {
    sales: (a, b) => sales[b]! - sales[a]!,
    createdAt: () => 0,
    price_asc: (a, b) => price[a]! - price[b]!,
    price_desc: (a, b) => price[b]! - price[a]!,
    rating: (a, b) => rating[b]! - rating[a]! || starNumber[b]! - starNumber[a]!,
  };
  const by = first[sort];
  slots.sort((a, b) => by(a, b) || createdUs[b]! - createdUs[a]! || compare(ids[a]!, ids[b]!));
  known.bySort.set(sort, (order = Int32Array.from(slots)));
  return order;
}

export interface ListAnswer {
  /** The page's services as the API's JSON array. */
  body: string;
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
    for (const slot of data.byUser.get(query.userId) ?? []) mine[slot >>> 5]! |= 1 << (slot & 31);
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
    const score = relevance(data, plan, matches, memo);
    matches.sort((a, b) => score.get(b)! - score.get(a)! || data.createdUs[b]! - data.createdUs[a]! || compare(data.ids[a]!, data.ids[b]!));
    page.push(...matches.slice(from, to));
  } else {
    const order = orderOf(data, sort === 'relevance' ? 'sales' : sort);
    // Without a price range the total is the filter's size, and the walk stops at the page's end.
    if (!priced) total = count(filter);
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
  return { body: `[${page.map((slot) => data.json[slot]).join(',')}]`, total };
}

export type Sort = 'sales' | 'createdAt' | 'relevance' | 'price_asc' | 'price_desc' | 'rating';

/**
 * Relevance of each match (db/search.ts `Search.rank`): the tiers it is in, plus ts_rank (at most 1) times the
 * designer's boost (verified +20 %, 3 % per average star), halved.
 */
function relevance(data: CatalogueData, plan: Plan, matches: number[], memo: Map<string, Bitset>): Map<number, number> {
  const tiers: Array<[Bitset, number]> = [
    [matching(data, plan.typed, true, memo), TIER.typedInTitle],
    ...(plan.typedTier ? [[matching(data, plan.typed, false, memo), TIER.typed] as [Bitset, number]] : []),
    [matching(data, plan.all, true, memo), TIER.allInTitle],
    [matching(data, plan.typedAny, true, memo), TIER.someTypedInTitle],
  ];
  const { items, and } = rankItems(plan.matches);
  // Which items each lexeme of the lexicon is (a prefix item is every lexeme it begins).
  const itemsOf = new Map<number, number[]>();
  items.forEach((item, i) => {
    for (const id of data.lexemesFor(item.lexeme, item.prefix)) {
      const list = itemsOf.get(id);
      if (list) list.push(i);
      else itemsOf.set(id, [i]);
    }
  });
  const scores = new Map<number, number>();
  for (const slot of matches) {
    let tier = 0;
    for (const [set, weight] of tiers) if (has(set, slot)) tier += weight;
    const vector = data.vectors[slot]!;
    const entries: RankEntry[] = [];
    for (let e = 0; e < vector.lexemes.length; e++) {
      const its = itemsOf.get(vector.lexemes[e]!);
      if (its) entries.push({ items: its, positions: vector.positions.subarray(vector.starts[e]!, vector.starts[e + 1]!) });
    }
    const rank = Math.min(tsRank(entries, items.length, and, vector.lexemes.length), 1);
    const boost = (data.verified[slot] ? 1.2 : 1) + 0.03 * data.rating[slot]!;
    scores.set(slot, tier + (rank * boost) / 2);
  }
  return scores;
}
