import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rowsOf, type Db } from './client.js';
import { CHUNK, chunkKey, normalizeSearchText, SEARCH_SYNONYMS, withoutArticle } from './search-synonyms.js';

/**
 * Catalogue search (docs/decisions/0031-search.md). What a person types becomes groups, one per word (or
 * per run of words that is a synonym): the word itself as a prefix ('impl' finds 'Implant'), the terms of its synonym
 * group (`search-synonyms.ts`), and catalogue words that are spelled close to it (typing mistakes: trigram similarity
 * against `search_words`). A row matches when it matches every group. Each group goes through the English
 * configuration ('crowns' -> 'crown'; Arabic and abbreviations unchanged) against vectors that hold both the stems and
 * the words as typed. One configuration, not both, keeps the query small: PostgreSQL estimates each prefix term at a
 * few percent of the rows, and a query of many terms would be planned as a scan of the whole table.
 * Only letters and digits of what was typed reach the query text, so no tsquery syntax can be injected.
 */

/** Which vocabulary a list suggests from (the `kind` of `search_words`). */
export type SearchKind = 'service' | 'course' | 'designer';

/** At most this many words of a search are used (a longer text is cut, not refused). */
const MAX_WORDS = 8;
/** A catalogue word this similar (pg_trgm `similarity`, 0-1) to a typed word is searched for as well. */
const FUZZY_MIN = 0.45;
/** ...and this similar, offered as "did you mean" when nothing is found (pg_trgm's own `%` threshold). */
const SUGGEST_MIN = 0.3;
/** A typed prefix the English stemmer changes into one that no longer begins the word: a final y after a letter. */
const STEMS_AWAY = /\p{L}y'/u;
/** Words shorter than this are not corrected (too many close neighbours). */
const FUZZY_MIN_LENGTH = 4;

interface Group {
  /** The words as typed (a chunk, or the chunks of a synonym phrase). */
  typed: string;
  /** Their key (`chunkKey`): what the synonyms are looked up by. */
  key: string;
  /** The typed words without joining signs: what the vocabulary is asked about. */
  word: string;
  /** The typed words: each a prefix, all of them. */
  own: QueryNode;
  /** The alternatives: synonyms, then close spellings. */
  alternatives: Term[];
  /** Whether a synonym matched (then no spelling is corrected). */
  synonym: boolean;
}

export interface Search {
  /** The row's search vector matches every group. */
  matches(vector: SQLWrapper): SQL;
  /**
   * Relevance, in tiers: every word as typed in the title (8), every word as typed anywhere (4), the whole search
   * (synonyms and corrected spellings included) in the title (2), some word as typed in the title (1); within a tier
   * `ts_rank` (title A over tags B over description C), times `boost` (at most 1.35: the designer's verification and
   * rating) and halved, so that it never lifts a row into a higher tier.
   */
  rank(vector: SQLWrapper, boost?: SQL<number>): SQL<number>;
  /** A close spelling of the search, made of catalogue words, to offer when it finds nothing; null when none. */
  suggestion: string | null;
}

/**
 * A search as a tree of words, the one form both evaluators read: the database's (as tsquery text, `tsqueryText`) and
 * the catalogue index's (modules/listings/catalogue-index). A word is a prefix or whole; only letters, digits and dots
 * can be in it.
 */
export type QueryNode = { kind: 'word'; word: string; prefix: boolean } | { kind: 'and' | 'or'; children: QueryNode[] };

const word = (w: string, prefix: boolean): QueryNode => ({ kind: 'word', word: w, prefix });
/** All of `children` (or any): one child is itself. */
export function combine(kind: 'and' | 'or', children: QueryNode[]): QueryNode {
  return children.length === 1 ? children[0]! : { kind, children };
}

/** The tsquery text of a node: `'word'`, `:*` on a prefix; `(a & b)`, `(a | b)`. */
export function tsqueryText(node: QueryNode): string {
  if (node.kind === 'word') return `'${node.word}'${node.prefix ? ':*' : ''}`;
  return `(${node.children.map(tsqueryText).join(node.kind === 'and' ? ' & ' : ' | ')})`;
}

const SAFE_WORD = /^[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*$/u;

/** An alternative of a group: its words, and the words a catalogue word must begin with for it to be kept. */
interface Term {
  node: QueryNode;
  check: string[];
}

/**
 * A synonym term as tsquery text: all its words ("porcelain fused to metal"), each a prefix from three letters on (the
 * English stems find the other forms, and Arabic attaches suffixes). The words to check are those of three letters or
 * more, when all are letters only: the vocabulary holds no others, so terms with digits or dots are always kept.
 */
function synonymTerm(term: string): Term {
  const words = term.toLowerCase().split(/[\s/-]+/).filter(Boolean);
  for (const word of words) if (!SAFE_WORD.test(word)) throw new Error(`search-synonyms.ts: "${term}" may hold letters, digits, spaces, dots, hyphens and slashes only`);
  const checkable = words.every((w) => /^\p{L}+$/u.test(w));
  return { node: combine('and', words.map((w) => word(w, [...w].length >= 3))), check: checkable ? words.filter((w) => [...w].length >= 3) : [] };
}

interface SynonymGroup {
  keys: string[];
  terms: Term[];
}

/** The synonym table by key (a term's words' keys joined by spaces), and its longest term in words. */
const SYNONYMS = (() => {
  const byKey = new Map<string, SynonymGroup>();
  let longest = 1;
  for (const terms of SEARCH_SYNONYMS) {
    const group: SynonymGroup = { keys: [], terms: terms.map(synonymTerm) };
    for (const term of terms) {
      const key = (normalizeSearchText(term).match(CHUNK) ?? []).map(chunkKey).join(' ');
      if (byKey.has(key) && byKey.get(key) !== group) throw new Error(`search-synonyms.ts: "${term}" is in two groups`);
      byKey.set(key, group);
      group.keys.push(key);
      longest = Math.max(longest, key.split(' ').length);
    }
  }
  return { byKey, longest };
})();

/** The synonym group of a key, also without an Arabic article ("التاج") or an English plural's s ("crowns"). */
function synonymsOf(key: string): SynonymGroup | undefined {
  const bare = withoutArticle(key);
  const singular = /^[a-z ]{4,}s$/.test(key) ? key.slice(0, -1) : null;
  for (const candidate of [key, bare, singular]) {
    const group = candidate === null ? undefined : SYNONYMS.byKey.get(candidate);
    if (group) return group;
  }
  return undefined;
}

/** Splits typed text into groups: runs of words that are a synonym term (longest first), else single words. */
export function searchGroups(text: string | undefined): Group[] {
  const chunks = (normalizeSearchText(text ?? '').match(CHUNK) ?? []).slice(0, MAX_WORDS);
  const keys = chunks.map(chunkKey);
  const groups: Group[] = [];
  for (let i = 0; i < chunks.length; ) {
    let length = Math.min(SYNONYMS.longest, chunks.length - i);
    let found: SynonymGroup | undefined;
    for (; length > 0; length--) {
      found = synonymsOf(keys.slice(i, i + length).join(' '));
      if (found) break;
    }
    length = Math.max(length, 1);
    const typed = chunks.slice(i, i + length);
    const words = typed.flatMap((chunk) => chunk.match(/[\p{L}\p{N}]+/gu) ?? []);
    // An Arabic word is also itself without its article ("التاج" is "تاج").
    const own = combine(
      'and',
      words.map((w) => {
        const bare = withoutArticle(w);
        return bare ? combine('or', [word(w, true), word(bare, true)]) : word(w, true);
      }),
    );
    groups.push({
      typed: typed.join(' '),
      key: keys.slice(i, i + length).join(' '),
      word: words.join(''),
      own,
      alternatives: found ? [...found.terms] : [],
      synonym: !!found,
    });
    i += length;
  }
  return groups;
}

/** A tsquery text whose every lexeme matches only words of weight A (the title): `'crown':*` -> `'crown':*A`. */
function inTitle(text: string): string {
  return text.replace(/'([^']*)'(:\*)?/g, (_all, word: string, star: string | undefined) => `'${word}':${star ? '*' : ''}A`);
}

/**
 * A tsquery text through the English configuration: English words become their stems ('crowns:*' -> 'crown':*, which
 * as a prefix also matches the words as typed that the vectors hold next to the stems: 'crowns', 'crowned'), English
 * stop words drop out, anything else (Arabic, 'e.max', 'lisi2') stays as it is.
 */
function english(text: string): SQL {
  return sql`to_tsquery('english', ${text})`;
}

/** What the vocabulary says about some words. */
export interface Lookup {
  /** Catalogue words spelled close to each word to correct (by its index), the closest first, at most 4 each. */
  neighbours: Array<{ i: number; word: string; sim: number; exact: boolean }>;
  /** The words to check that some catalogue word begins with. */
  present: Set<string>;
}

/**
 * A catalogue's vocabulary (the words of its visible entries, as `search_words` keeps them): catalogue words spelled
 * close to each word to correct (pg_trgm similarity at least its `%` threshold, 0.3; whether the word itself is there),
 * and which of the words to check begin a catalogue word. The database's (`sqlVocabulary`) and the catalogue index's.
 */
export interface Vocabulary {
  lookUp(correct: string[], check: string[]): Lookup | Promise<Lookup>;
}

/** The vocabulary in `search_words`: one statement on its GIN trigram index. */
export function sqlVocabulary(db: Db, kind: SearchKind): Vocabulary {
  return {
    async lookUp(correct, check) {
      const array = (values: string[]) =>
        sql`array[${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]`;
      const result = await db.execute(sql`
        select 0 as part, q.i, v.word, v.sim, v.word = q.w as exact
        from unnest(${array(correct)}) with ordinality as q(w, i)
        cross join lateral (
          select s.word, similarity(s.word, q.w) as sim from search_words s
          where s.kind = ${kind} and s.word % q.w
          order by sim desc, s.documents desc, s.word limit 4
        ) v
        union all
        select 1, c.i, c.w, 1, true
        from unnest(${array(check)}) with ordinality as c(w, i)
        where exists (select 1 from search_words s where s.kind = ${kind} and s.word like c.w || '%')`);
      const rows = rowsOf<{ part: number | string; i: string | number; word: string; sim: number | string; exact: boolean }>(result);
      const lookup: Lookup = { neighbours: [], present: new Set() };
      for (const r of rows) {
        if (Number(r.part) === 1) lookup.present.add(r.word);
        else lookup.neighbours.push({ i: Number(r.i) - 1, word: r.word, sim: Number(r.sim), exact: r.exact });
      }
      return lookup;
    },
  };
}

/** One group of a resolved search: a row must match `any` (through English stems), or `own` as typed when `asTyped`. */
export interface ResolvedGroup {
  /** The words as typed, each a prefix. */
  own: QueryNode;
  /** The words as typed, their synonyms, close spellings. */
  any: QueryNode;
  /**
   * The English stemmer turns a final y into i ('bry' -> 'bri'), which is then no prefix of the word being typed
   * ('bryant'): such a group is also asked as typed, unstemmed ('simple'), as the vectors hold both. Only those
   * groups: each extra term adds to PostgreSQL's estimate of the matches (see `parseSearch`).
   */
  asTyped: boolean;
}

/** A search after the vocabulary's corrections: what both evaluators run. */
export interface ResolvedSearch {
  groups: ResolvedGroup[];
  /** A close spelling of the search, made of catalogue words, to offer when it finds nothing; null when none. */
  suggestion: string | null;
}

/**
 * The search for `text`, or null when it has no letters or digits (then the list is not searched). The vocabulary
 * corrects typing mistakes and drops the synonyms that no catalogue word begins with: they could find nothing, and
 * every term adds to PostgreSQL's estimate of how many rows match (each prefix term counts as a few percent, whatever
 * the data), so that with many it would plan a scan of the whole table. `fuzzy: false` does neither and asks the
 * vocabulary nothing (the check of a suggestion).
 */
export async function resolveSearch(vocabulary: Vocabulary, text: string | undefined, options: { fuzzy?: boolean } = {}): Promise<ResolvedSearch | null> {
  const groups = searchGroups(text);
  if (groups.length === 0) return null;

  let suggestion: string | null = null;
  const toCorrect = groups.map((g, i) => ({ g, i })).filter(({ g }) => !g.synonym && [...g.word].length >= FUZZY_MIN_LENGTH && !/^\p{N}+$/u.test(g.word));
  const toCheck = [...new Set(groups.flatMap((g) => g.alternatives.flatMap((t) => t.check)))];
  if (options.fuzzy !== false && (toCorrect.length > 0 || toCheck.length > 0)) {
    const { neighbours, present } = await vocabulary.lookUp(
      toCorrect.map(({ g }) => g.word),
      toCheck,
    );
    for (const g of groups) g.alternatives = g.alternatives.filter((t) => t.check.every((w) => present.has(w)));
    const suggested = groups.map((g) => g.typed);
    let changed = false;
    toCorrect.forEach(({ g, i }, n) => {
      const mine = neighbours.filter((f) => f.i === n && SAFE_WORD.test(f.word));
      if (mine.some((f) => f.exact)) return; // spelled as in the catalogue
      // Close spellings are searched for themselves only (not their synonyms: the query stays small).
      for (const f of mine) if (f.sim >= FUZZY_MIN) g.alternatives.push({ node: word(f.word, true), check: [] });
      const best = mine[0];
      if (best && best.sim >= SUGGEST_MIN) {
        suggested[i] = best.word;
        changed = true;
      }
    });
    if (changed) suggestion = suggested.join(' ');
  }
  return {
    groups: groups.map((g) => {
      // The same alternative twice (a synonym spelled as typed) is asked once.
      const seen = new Set<string>();
      const any = [g.own, ...g.alternatives.map((t) => t.node)].filter((node) => {
        const key = tsqueryText(node);
        return !seen.has(key) && !!seen.add(key);
      });
      return { own: g.own, any: combine('or', any), asTyped: STEMS_AWAY.test(tsqueryText(g.own)) };
    }),
    suggestion,
  };
}

/** The search for `text` in the list of `kind`, as SQL (see `resolveSearch`); null when it has no letters or digits. */
export async function parseSearch(db: Db, kind: SearchKind, text: string | undefined, options: { fuzzy?: boolean } = {}): Promise<Search | null> {
  const resolved = await resolveSearch(sqlVocabulary(db, kind), text, options);
  return resolved && sqlSearch(resolved);
}

function sqlSearch({ groups, suggestion }: ResolvedSearch): Search {
  const groupTexts = groups.map((g) => tsqueryText(g.any));
  const queryText = groupTexts.join(' & ');
  const typedText = groups.map((g) => tsqueryText(g.own)).join(' & ');
  const typedAnyText = groups.map((g) => tsqueryText(g.own)).join(' | ');
  const query = groups.some((g) => g.asTyped)
    ? sql`(${sql.join(
        groups.map((g, i) => (g.asTyped ? sql`(${english(groupTexts[i]!)} || to_tsquery('simple', ${tsqueryText(g.own)}))` : english(groupTexts[i]!))),
        sql` && `,
      )})`
    : english(queryText);
  return {
    matches: (vector) => sql`${vector} @@ (${query})`,
    rank: (vector, boost) => {
      // The title tiers ask the vector with every lexeme restricted to weight A (the title), rather than filtering a
      // copy of the vector; a tier whose query is the whole search's adds the same to every match, and two tiers with
      // the same query are one test: a broad search ranks every match, so each test per row counts (ADR 0045).
      const weights = new Map<string, number>();
      const add = (text: string, title: boolean, weight: number) => {
        if (!title && text === queryText) return; // every row that matches has it
        const key = `${title ? 'A' : '*'}${text}`;
        weights.set(key, (weights.get(key) ?? 0) + weight);
      };
      add(typedText, true, TIER.typedInTitle);
      add(typedText, false, TIER.typed);
      add(queryText, true, TIER.allInTitle);
      add(typedAnyText, true, TIER.someTypedInTitle);
      const tiers = sql.join(
        [...weights].map(([key, weight]) => {
          const test = key.startsWith('A') ? sql`${vector} @@ ${english(inTitle(key.slice(1)))}` : sql`${vector} @@ ${english(key.slice(1))}`;
          return sql`${sql.raw(String(weight))} * (${test})::int`;
        }),
        sql` + `,
      );
      return sql<number>`(${tiers} + least(ts_rank(${vector}, ${query}), 1) * ${boost ?? sql`1`} / 2)`;
    },
    suggestion,
  };
}

/** The relevance tiers' weights (see `Search.rank`); both evaluators add them up the same way. */
export const TIER = { typedInTitle: 8, typed: 4, allInTitle: 2, someTypedInTitle: 1 } as const;

/**
 * "Did you mean" (`X-Did-You-Mean`, docs/product.md §7.4): for a search that found nothing, its suggestion if that finds something under the same
 * filters (`count` runs the list's count with a search); else null.
 */
export async function didYouMean(db: Db, kind: SearchKind, search: Search | null, count: (search: Search) => Promise<number>): Promise<string | null> {
  if (!search?.suggestion) return null;
  const corrected = await parseSearch(db, kind, search.suggestion, { fuzzy: false });
  return corrected && (await count(corrected)) > 0 ? search.suggestion : null;
}

/**
 * The `X-Did-You-Mean` header's value: the suggestion as is when it is printable ASCII, with every other character
 * (Arabic, and `%`) percent-encoded as UTF-8, which HTTP headers require; `decodeURIComponent` gives it back.
 */
export function didYouMeanHeader(suggestion: string): string {
  return suggestion.replace(/[^\x20-\x24\x26-\x7e]/gu, (c) => encodeURIComponent(c));
}

/** A searched list's headers: `X-Total-Count`, and `X-Did-You-Mean` when it found nothing but a close spelling would. */
export function listHeaders(total: number, didYouMean: string | null): Record<string, string> {
  return { 'x-total-count': String(total), ...(didYouMean ? { 'x-did-you-mean': didYouMeanHeader(didYouMean) } : {}) };
}
