import { sql, type SQL } from 'drizzle-orm';

/**
 * A prefix-matching full-text query from what a person typed: every word must match the start of
 * a word ('impl' finds 'Implant'). Only letters and digits survive, so no tsquery syntax leaks in.
 */
export function prefixQuery(text: string | undefined): SQL | null {
  const words = (text ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  if (words.length === 0) return null;
  return sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`;
}
