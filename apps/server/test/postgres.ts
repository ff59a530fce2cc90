import pg from 'pg';

/**
 * A new, empty database on the PostgreSQL server at `adminUrl`, for one test file or benchmark run;
 * `drop` removes it (connections included).
 */
export async function createScratchDatabase(adminUrl: string, prefix = 'cusp_test') {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
