import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client.js';
import { tsqueryText, type QueryNode } from '../../../db/search.js';

/** A word of a search as the English configuration makes it: its lexemes (all of them), each a prefix or whole. */
export type Stem = Array<{ lexeme: string; prefix: boolean }>;

/** Distinct words remembered; past this the memory starts again (a search's words repeat far more than its URLs). */
const REMEMBERED = 50_000;
const OPERAND = /'((?:[^']|'')*)'(:\*)?/g;

/**
 * The English stems of search words, asked of the database (`to_tsquery('english', ...)`), so that a search word
 * becomes exactly the lexemes the stored vectors hold ('crowns':* -> 'crown':*; a stop word -> nothing; Arabic, 'e.max'
 * unchanged). Each word is asked once and remembered: stemming is a pure function of the word, and the catalogue's
 * words are a small set (ADR 0048). All the words a search lacks are asked in one statement.
 */
export function createStems(db: Db) {
  const known = new Map<string, Stem>();
  return {
    /** The stems of every word in `nodes` (by `tsqueryText` of the word), asking the database for the unknown ones. */
    async of(nodes: QueryNode[]): Promise<Map<string, Stem>> {
      const words = new Set<string>();
      const collect = (node: QueryNode) => (node.kind === 'word' ? words.add(tsqueryText(node)) : node.children.forEach(collect));
      nodes.forEach(collect);
      const missing = [...words].filter((w) => !known.has(w));
      if (missing.length) {
        const result = await db.execute(
          sql`select w, to_tsquery('english', w)::text as q from unnest(array[${sql.join(
            missing.map((w) => sql`${w}`),
            sql`, `,
          )}]::text[]) as w`,
        );
        if (known.size + missing.length > REMEMBERED) known.clear();
        for (const { w, q } of rowsOf<{ w: string; q: string }>(result)) {
          known.set(
            w,
            [...q.matchAll(OPERAND)].map((m) => ({ lexeme: m[1]!.replace(/''/g, "'"), prefix: !!m[2] })),
          );
        }
      }
      return new Map([...words].map((w) => [w, known.get(w) ?? []]));
    },
  };
}
export type Stems = ReturnType<typeof createStems>;
