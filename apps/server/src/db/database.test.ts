import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';

let dir: string;
const open: Database[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function openIn(dataDir: string) {
  const database = await openDatabase({ dataDir });
  open.push(database);
  await database.migrate();
  return database;
}

it('refuses to open an embedded database another live process holds', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cusp-db-'));
  await openIn(dir);
  await Promise.all(open.splice(0).map((d) => d.close()));
  // The parent process (vitest's) is alive and is not us.
  await writeFile(path.join(dir, 'pglite', 'cusp.pid'), String(process.ppid));
  await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process/);
}, 120_000); // two PGlite start-ups with migrations: slow on a busy machine
