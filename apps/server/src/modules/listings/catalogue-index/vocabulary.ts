import type { Lookup, Vocabulary } from '../../../db/search.js';
import { compare, lowerBound, type CatalogueData } from './catalogue-data.js';
import { trigramsOf, trigramSimilarity } from './trigrams.js';

/** pg_trgm's `%`: a catalogue word at least this similar is a neighbour (pg_trgm.similarity_threshold's default). */
const THRESHOLD = 0.3;
/** As many neighbours per word as the database's look-up keeps. */
const NEIGHBOURS = 4;

interface Structures {
  version: number;
  /** The words in byte order (is some word begun by this?). */
  sorted: string[];
  /** For each trigram, the words that have it, and each word's own count of trigrams. */
  byTrigram: Map<string, string[]>;
  trigramCount: Map<string, number>;
}

/**
 * The vocabulary of the index's visible services, answering what `search_words` answers (db/search.ts `sqlVocabulary`):
 * close spellings by pg_trgm similarity (ordered by similarity, then how many services have the word, then the word),
 * and which words begin some catalogue word. Its look-up structures are rebuilt when a word comes or goes.
 */
export function indexVocabulary(data: CatalogueData): Vocabulary {
  let built: Structures | null = null;
  const structures = (): Structures => {
    if (built?.version === data.vocabularyVersion) return built;
    const byTrigram = new Map<string, string[]>();
    const trigramCount = new Map<string, number>();
    for (const word of data.vocabulary.keys()) {
      const trigrams = trigramsOf(word);
      trigramCount.set(word, trigrams.size);
      for (const t of trigrams) {
        const list = byTrigram.get(t);
        if (list) list.push(word);
        else byTrigram.set(t, [word]);
      }
    }
    return (built = { version: data.vocabularyVersion, sorted: [...data.vocabulary.keys()].sort(compare), byTrigram, trigramCount });
  };
  return {
    lookUp(correct, check): Lookup {
      const { sorted, byTrigram, trigramCount } = structures();
      const lookup: Lookup = { neighbours: [], present: new Set() };
      correct.forEach((typed, i) => {
        const trigrams = trigramsOf(typed);
        const shared = new Map<string, number>();
        for (const t of trigrams) for (const word of byTrigram.get(t) ?? []) shared.set(word, (shared.get(word) ?? 0) + 1);
        const close: Array<{ word: string; sim: number; documents: number }> = [];
        for (const [word, n] of shared) {
          const sim = trigramSimilarity(n, trigrams.size, trigramCount.get(word)!);
          if (sim >= THRESHOLD) close.push({ word, sim, documents: data.vocabulary.get(word) ?? 0 });
        }
        close.sort((a, b) => b.sim - a.sim || b.documents - a.documents || compare(a.word, b.word));
        for (const c of close.slice(0, NEIGHBOURS)) lookup.neighbours.push({ i, word: c.word, sim: c.sim, exact: c.word === typed });
      });
      for (const word of check) {
        const at = lowerBound(sorted.length, (i) => compare(sorted[i]!, word) < 0);
        if (sorted[at]?.startsWith(word)) lookup.present.add(word);
      }
      return lookup;
    },
  };
}
