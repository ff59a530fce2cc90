import pg from 'pg';
import { expect, it } from 'vitest';
import { serverData, startServer } from '../test/server-process.js';

/**
 * A locked start (docs/decisions/0022): several instances started together on one empty PostgreSQL database (a deploy of N
 * replicas). Migrations and the demo data run under one advisory lock (main.ts): one instance does the
 * work, the others wait, then find it done; every instance comes up. PostgreSQL only: PGlite is one
 * process's database.
 */
it.runIf(!!process.env.TEST_DATABASE_URL)(
  'two instances started at once on an empty database both come up, and the demo data exists once',
  async () => {
    const data = await serverData('cusp-two-starts-', { SEED_DEMO: 'true' });
    try {
      // The second waits for the first's demo data (seconds of argon2 hashing and image resizing).
      const starting = [startServer(data.env, { within: 120_000 }), startServer(data.env, { within: 120_000 })];
      for (const child of starting) void child.then((c) => data.children.push(c), () => {});
      const [one, two] = await Promise.all(starting);
      const logs = [one!, two!].map((child) => child.output.join('\n'));
      // One wrote the demo data; the other waited for the lock and found it there.
      expect(logs.filter((log) => log.includes('demo data created')), logs.join('\n----\n')).toHaveLength(1);

      const db = new pg.Client({ connectionString: data.env.DATABASE_URL });
      await db.connect();
      try {
        const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
        const accounts = await db.query<{ email: string; n: string }>(
          `select email, count(*) as n from users where email in ('buyer@cusp.test', 'designer@cusp.test', 'admin@cusp.test') group by email`,
        );
        expect(accounts.rows.map((r) => [r.email, Number(r.n)]).sort()).toEqual([
          ['admin@cusp.test', 1],
          ['buyer@cusp.test', 1],
          ['designer@cusp.test', 1],
        ]);
        // The README's figures: 13 designers, 40 services, four courses; not twice that.
        expect(await count(`select count(*) as n from users where is_designer`)).toBe(13);
        expect(await count(`select count(*) as n from services`)).toBe(40);
        expect(await count(`select count(*) as n from courses`)).toBe(4);
      } finally {
        await db.end();
      }

      // Both serve: the demo buyer logs in through either.
      for (const child of [one!, two!]) {
        const base = `http://127.0.0.1:${child.port}/api`;
        expect((await fetch(`${base}/health`)).status).toBe(200);
        const login = await fetch(`${base}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'buyer@cusp.test', password: 'buyer-demo-1' }),
        });
        expect(login.status).toBe(200);
      }
    } finally {
      await data.cleanUp();
    }
  },
  180_000,
);
