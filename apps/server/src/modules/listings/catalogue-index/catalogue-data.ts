import { createHash } from 'node:crypto';
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { serviceJsonSchema } from '@cusp/shared';
import type { Db } from '../../../db/client.js';
import { serviceColumns, services, users, type ServiceRow } from '../../../db/schema/index.js';
import { jsonWith } from '../../../platform/response-cache.js';
import { toServiceJson, type ServiceOwner } from '../listing.presenter.js';
import { add, bitsetOf, remove, type Bitset } from './bitset.js';
import { orTerm, parseTsVector, WEIGHT_A, weightOf } from './ts-vector.js';

/**
 * The services as the catalogue index holds them (ADR 0048): one slot each, with what the list filters, sorts, searches
 * and answers by. Everything is read from the database as it stores it (the search vector's text, the vocabulary's
 * words through `search_words_of`), so the index never has its own idea of a word.
 */

/** The facets a list filters on, as the query names them. */
export const FACETS = ['tag', 'restoration', 'material', 'software'] as const;
export type Facet = (typeof FACETS)[number];

/** One service as loaded: its answer, and what the index needs of it. */
export interface LoadedService {
  id: string;
  userId: string;
  hidden: boolean;
  /** Its JSON in the list (UTF-8). */
  json: Buffer;
  createdUs: number;
  sales: number;
  price: number;
  totalStars: number;
  starNumber: number;
  verified: boolean;
  /** What the service page's designer box shows of the designer (besides the figures, which the index sums). */
  designer: { specializations: string[]; software: string[] };
  facets: Record<Facet, string[]>;
  vector: string;
  words: string[];
}

const BATCH = 2000;
const EMPTY = Buffer.alloc(0);

interface LoadedRow {
  service: ServiceRow;
  owner: ServiceOwner & { specializations: string[]; cadSoftware: string[] };
  vector: string;
  words: string[] | null;
  createdUs: number;
}

/** Reads services (all, or those `where` selects) in batches of id order, so a large catalogue never sits in one result. */
export async function* loadServices(db: Db, currency: string, where?: SQL): AsyncGenerator<LoadedService[]> {
  let after: string | null = null;
  for (;;) {
    const page: SQL = sql`${services.id} > ${after}`;
    const rows: LoadedRow[] = await db
      .select({
        service: serviceColumns,
        owner: { id: users.id, username: users.username, image: users.image, isVerified: users.isVerified, specializations: users.specializations, cadSoftware: users.cadSoftware },
        vector: sql<string>`${services.search}::text`,
        words: sql<string[]>`array(select search_words_of(${services.title} || ' ' || immutable_array_to_string(${services.tags}) || ' ' || ${services.description}))`,
        createdUs: sql<number>`floor(extract(epoch from ${services.createdAt}) * 1000000)::float8`,
      })
      .from(services)
      .innerJoin(users, eq(users.id, services.userId))
      .where(after === null ? where : where ? sql`${where} and ${page}` : page)
      .orderBy(services.id)
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows.map(({ service, owner, vector, words, createdUs }) => ({
      id: service.id,
      userId: service.userId,
      hidden: service.hidden,
      json: ownBytes(jsonWith(serviceJsonSchema, toServiceJson(service, owner, currency))),
      createdUs: Number(createdUs),
      sales: service.sales,
      price: service.toothPrice,
      totalStars: service.totalStars,
      starNumber: service.starNumber,
      verified: owner.isVerified,
      designer: { specializations: owner.specializations, software: owner.cadSoftware },
      facets: { tag: service.tags, restoration: service.restorations, material: service.materials, software: service.software },
      vector,
      words: words ?? [],
    }));
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.service.id;
  }
}

/** Text as UTF-8 in memory of its own (a small Buffer.from shares an 8 KB block, which one kept row would hold). */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** The services whose rows `changes` names: by id, or by designer. */
export function changedWhere(serviceIds: string[], designerIds: string[]): SQL | undefined {
  const parts = [serviceIds.length ? inArray(services.id, serviceIds) : undefined, designerIds.length ? inArray(services.userId, designerIds) : undefined].filter(
    (p): p is SQL => !!p,
  );
  return parts.length ? or(...parts) : undefined;
}

/** A slot's search vector: lexeme ids in the vector's order, and each one's positions. */
interface SlotVector {
  lexemes: Int32Array;
  /** Entry i's positions are positions[starts[i]] to positions[starts[i + 1]]. */
  starts: Uint32Array;
  positions: Uint16Array;
}

/**
 * The slots, their fields as typed arrays, the lexicon with its postings (which slots hold each lexeme, and which hold
 * it in the title), and the vocabulary of the visible services (words and how many services have each).
 */
export class CatalogueData {
  capacity = 0;
  /** Next never-used slot; freed slots are reused first. */
  private end = 0;
  private free: number[] = [];
  ids: Array<string | undefined> = [];
  slotOf = new Map<string, number>();
  userIds: string[] = [];
  byUser = new Map<string, Set<number>>();
  json: Buffer[] = [];
  createdUs = new Float64Array(0);
  sales = new Float64Array(0);
  totalStars = new Float64Array(0);
  price = new Float64Array(0);
  /** Average stars as `total_stars::real / greatest(star_number, 1)`: float4, as sort=rating and the boost read it. */
  rating = new Float64Array(0);
  starNumber = new Float64Array(0);
  verified = new Uint8Array(0);
  designers: Array<LoadedService['designer'] | undefined> = [];
  alive: Bitset = bitsetOf(0);
  visible: Bitset = bitsetOf(0);
  facets = new Map<string, Bitset>();
  vectors: Array<SlotVector | undefined> = [];
  /** A digest of each slot's vector text: an unchanged vector (a sale, a review) is not indexed again. */
  private vectorDigests: Array<string | undefined> = [];
  /** Each slot's vocabulary words, as ids of `words` (one string per word, not one per service). */
  private slotWords: Array<Int32Array | undefined> = [];
  private wordIds = new Map<string, number>();
  private words: string[] = [];

  lexemeIds = new Map<string, number>();
  lexemes: string[] = [];
  /** Slots holding each lexeme (by id), and those holding it with weight A. Unordered. */
  postings: number[][] = [];
  /** For each of `postings`, the lexeme's entry in that slot's vector (ranking reads its positions), and its `orTerm`. */
  postingEntries: number[][] = [];
  postingTerms: number[][] = [];
  titlePostings: number[][] = [];
  /** Lexeme ids in byte order (prefix look-ups); null after a new lexeme until asked again. */
  private sortedLexemes: number[] | null = [];

  /** Words of the visible services, as `search_words` keeps them, and how many services have each. */
  vocabulary = new Map<string, number>();
  /** Bumped whenever the vocabulary gains or loses a word (its look-up structures are rebuilt then). */
  vocabularyVersion = 0;
  /** Slots in the order they changed (put or dropped), since `epoch` began: the sort orders catch up from it. */
  changes: number[] = [];
  epoch = 0;

  facetSet(facet: Facet, value: string): Bitset | undefined {
    return this.facets.get(`${facet}:${value}`);
  }

  /** Puts a loaded service in its slot (a new one, or the one it had). */
  put(s: LoadedService) {
    const existing = this.slotOf.get(s.id);
    const slot = existing ?? this.allocate();
    if (existing !== undefined) this.clearFields(slot, digestOf(s.vector));
    this.changed(slot);
    this.ids[slot] = s.id;
    this.slotOf.set(s.id, slot);
    this.userIds[slot] = s.userId;
    let mine = this.byUser.get(s.userId);
    if (!mine) this.byUser.set(s.userId, (mine = new Set()));
    mine.add(slot);
    this.json[slot] = s.json;
    this.createdUs[slot] = s.createdUs;
    this.sales[slot] = s.sales;
    this.totalStars[slot] = s.totalStars;
    this.price[slot] = s.price;
    this.rating[slot] = Math.fround(Math.fround(s.totalStars) / Math.max(s.starNumber, 1));
    this.starNumber[slot] = s.starNumber;
    this.verified[slot] = s.verified ? 1 : 0;
    this.designers[slot] = s.designer;
    add(this.alive, slot);
    if (s.hidden) remove(this.visible, slot);
    else add(this.visible, slot);
    for (const facet of FACETS) for (const value of s.facets[facet]) this.facetBits(`${facet}:${value}`, slot, true);
    const digest = digestOf(s.vector);
    if (this.vectorDigests[slot] !== digest) this.indexVector(slot, s.vector, digest);
    const words = Int32Array.from(s.hidden ? [] : s.words, (word) => {
      let id = this.wordIds.get(word);
      if (id === undefined) this.wordIds.set(word, (id = this.words.push(word) - 1));
      return id;
    });
    // Only the words that differ are counted (a sale keeps them all: the vocabulary's structures stay as they are).
    const before = new Set(this.slotWords[slot] ?? []);
    const after = new Set(words);
    this.countWords(Int32Array.from([...before].filter((id) => !after.has(id))), -1);
    this.countWords(Int32Array.from([...after].filter((id) => !before.has(id))), 1);
    this.slotWords[slot] = words;
  }

  /** Takes a service out (deleted, or no longer found). */
  drop(id: string) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.changed(slot);
    this.clearFields(slot, undefined);
    this.countWords(this.slotWords[slot], -1);
    this.slotWords[slot] = undefined;
    this.slotOf.delete(id);
    this.ids[slot] = undefined;
    this.json[slot] = EMPTY;
    remove(this.alive, slot);
    remove(this.visible, slot);
    this.free.push(slot);
  }

  private changed(slot: number) {
    // A long run of changes starts a new epoch (the orders are then sorted afresh) rather than growing for ever.
    if (this.changes.length >= 100_000) {
      this.changes = [];
      this.epoch++;
    }
    this.changes.push(slot);
  }

  /** The ids of `prefix`'s lexemes (all lexemes that begin with it), or the one lexeme when not a prefix. */
  lexemesFor(lexeme: string, prefix: boolean): number[] {
    if (!prefix) {
      const id = this.lexemeIds.get(lexeme);
      return id === undefined ? [] : [id];
    }
    const sorted = (this.sortedLexemes ??= [...this.lexemes.keys()].sort((a, b) => compare(this.lexemes[a]!, this.lexemes[b]!)));
    const found: number[] = [];
    for (let i = lowerBound(sorted.length, (i) => compare(this.lexemes[sorted[i]!]!, lexeme) < 0); i < sorted.length; i++) {
      const id = sorted[i]!;
      if (!this.lexemes[id]!.startsWith(lexeme)) break;
      if (this.postings[id]!.length > 0) found.push(id);
    }
    return found;
  }

  private allocate(): number {
    const slot = this.free.pop() ?? this.end++;
    if (slot >= this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    return slot;
  }

  private grow(capacity: number) {
    const widen = <T extends Float64Array | Uint8Array | Uint32Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.createdUs = widen(this.createdUs, (n) => new Float64Array(n));
    this.sales = widen(this.sales, (n) => new Float64Array(n));
    this.totalStars = widen(this.totalStars, (n) => new Float64Array(n));
    this.price = widen(this.price, (n) => new Float64Array(n));
    this.rating = widen(this.rating, (n) => new Float64Array(n));
    this.starNumber = widen(this.starNumber, (n) => new Float64Array(n));
    this.verified = widen(this.verified, (n) => new Uint8Array(n));
    this.alive = widen(this.alive, bitsetOf);
    this.visible = widen(this.visible, bitsetOf);
    for (const [key, set] of this.facets) this.facets.set(key, widen(set, bitsetOf));
    this.capacity = capacity;
  }

  private facetBits(key: string, slot: number, on: boolean) {
    let set = this.facets.get(key);
    if (!set) {
      if (!on) return;
      this.facets.set(key, (set = bitsetOf(this.capacity)));
    }
    if (on) add(set, slot);
    else remove(set, slot);
  }

  /** Clears what a slot's next value will set again; its vector only when `nextDigest` differs from its own. */
  private clearFields(slot: number, nextDigest: string | undefined) {
    const user = this.userIds[slot];
    if (user !== undefined) {
      const mine = this.byUser.get(user);
      mine?.delete(slot);
      if (mine?.size === 0) this.byUser.delete(user);
    }
    for (const set of this.facets.values()) remove(set, slot);
    if (this.vectorDigests[slot] !== nextDigest) this.unindexVector(slot);
  }

  private indexVector(slot: number, text: string, digest: string) {
    this.unindexVector(slot);
    const entries = parseTsVector(text);
    const lexemes = new Int32Array(entries.length);
    const starts = new Uint32Array(entries.length + 1);
    const positions = new Uint16Array(entries.reduce((n, e) => n + e.positions.length, 0));
    let at = 0;
    entries.forEach((entry, i) => {
      let id = this.lexemeIds.get(entry.lexeme);
      if (id === undefined) {
        id = this.lexemes.length;
        this.lexemes.push(entry.lexeme);
        this.lexemeIds.set(entry.lexeme, id);
        this.postings.push([]);
        this.postingEntries.push([]);
        this.postingTerms.push([]);
        this.titlePostings.push([]);
        this.sortedLexemes = null;
      }
      lexemes[i] = id;
      starts[i] = at;
      positions.set(entry.positions, at);
      at += entry.positions.length;
      this.postings[id]!.push(slot);
      this.postingEntries[id]!.push(i);
      this.postingTerms[id]!.push(orTerm(entry.positions, 0, entry.positions.length));
      if (entry.positions.some((p) => weightOf(p) === WEIGHT_A)) this.titlePostings[id]!.push(slot);
    });
    starts[entries.length] = at;
    this.vectors[slot] = { lexemes, starts, positions };
    this.vectorDigests[slot] = digest;
  }

  private unindexVector(slot: number) {
    const vector = this.vectors[slot];
    if (!vector) return;
    for (const id of vector.lexemes) {
      without(this.postings[id]!, slot, this.postingEntries[id]!, this.postingTerms[id]!);
      without(this.titlePostings[id]!, slot);
    }
    this.vectors[slot] = undefined;
    this.vectorDigests[slot] = undefined;
  }

  private countWords(ids: Int32Array | undefined, by: 1 | -1) {
    for (const id of ids ?? []) {
      const word = this.words[id]!;
      const n = (this.vocabulary.get(word) ?? 0) + by;
      if (n > 0) {
        if (n === 1 && by === 1) this.vocabularyVersion++;
        this.vocabulary.set(word, n);
      } else {
        this.vocabulary.delete(word);
        this.vocabularyVersion++;
      }
    }
  }
}

/** A digest of a vector's text, to tell a changed vector from the same one. */
const digestOf = (text: string) => createHash('sha1').update(text).digest('base64');

/** Removes one `value` from an unordered list, and the same place from the lists kept beside it. */
function without(list: number[], value: number, ...beside: number[][]) {
  const i = list.indexOf(value);
  if (i < 0) return;
  for (const l of [list, ...beside]) {
    l[i] = l[l.length - 1]!;
    l.pop();
  }
}

/** Byte order of UTF-8 text, as PostgreSQL compares lexemes (the same as code point order). */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first index in [0, n) for which `before` is false (`before` is true then false along the range). */
export function lowerBound(n: number, before: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
