import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/postgres.js';
import { openDatabase } from './client.js';

const adminUrl = process.env.TEST_DATABASE_URL;

it.runIf(!!adminUrl)('survives PostgreSQL cutting its idle connections, and reconnects', async () => {
  const scratch = await createScratchDatabase(adminUrl!);
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
  afterAll(async () => {
    await database.close();
    await scratch.drop();
  });
  await Promise.all([1, 2, 3].map(() => database.query('select pg_sleep(0.05)')));
  // What a server restart or an administrator does to idle connections.
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = new URL(scratch.url).pathname.slice(1);
  const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  await admin.end();
  expect(rowCount).toBeGreaterThan(0);
  // The 'error' events arrive (unhandled, they would end this process) and the pool drops those connections.
  // Wait for that rather than a fixed time: on a busy machine the events can take longer than any guess.
  for (const deadline = Date.now() + 10_000; database.poolStats()!.idle > 0; ) {
    if (Date.now() > deadline) throw new Error('the pool kept its terminated connections');
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(await database.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
});
