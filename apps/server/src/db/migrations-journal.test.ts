import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migrationsFolder } from '../paths.js';

/**
 * Drizzle's migrator applies a migration only when its journal time (`when`) is later than the newest one the
 * database has already applied. A migration whose `when` is earlier (drizzle-kit writes the clock's time, and
 * earlier entries were given hand-set later ones) would be skipped without a word on every existing database, and
 * applied only on new ones.
 */
it('lists every migration file once, in order, each later than the one before', async () => {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ idx: number; when: number; tag: string }> };
  const files = (await readdir(migrationsFolder)).filter((name) => name.endsWith('.sql')).sort();
  expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
  journal.entries.forEach((entry, i) => {
    expect(entry.idx).toBe(i);
    if (i > 0) expect(entry.when, `${entry.tag} must be later than ${journal.entries[i - 1]!.tag}`).toBeGreaterThan(journal.entries[i - 1]!.when);
  });
});
