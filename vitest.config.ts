import { defineConfig } from 'vitest/config';

const pgUrl = process.env.TEST_DATABASE_URL;
const server = (name: string, databaseUrl: string) => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  // After the web project, one file at a time: the server files share PostgreSQL, Redis and ports.
  test: { name, env: { TEST_DATABASE_URL: databaseUrl }, maxWorkers: 1, sequence: { groupOrder: 1 } },
});

// One `vitest run` covers every workspace. The server suite runs on the embedded PGlite, and once
// more on a real PostgreSQL server when TEST_DATABASE_URL names one (CI does).
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/web',
      server('server', ''),
      ...(pgUrl ? [server('server-pg', pgUrl)] : []),
    ],
  },
});
