import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The catalogue's vocabulary (ADR 0031): every word of the visible services, the courses and the designers'
 * profiles, with how many of them hold it. Kept by triggers (migration 0012), read for typing mistakes
 * (trigram similarity, `word % $1` on the GIN index) and for "did you mean".
 */
export const searchWords = pgTable(
  'search_words',
  {
    /** `service`, `course` or `designer`: each list suggests only its own words. */
    kind: text('kind', { enum: ['service', 'course', 'designer'] }).notNull(),
    word: text('word').notNull(),
    documents: integer('documents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.word] }), index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);
