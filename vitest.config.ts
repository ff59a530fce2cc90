import { defineConfig } from 'vitest/config';

const pgUrl = process.env.TEST_DATABASE_URL;

// Server files that never reach the database choice (pure functions, the PGlite folder itself, the process's HTTP
// edge): run once, on the embedded project, not again on PostgreSQL.
const DATABASE_FREE = [
  'src/config.test.ts',
  'src/web.test.ts',
  'src/entry-points.test.ts',
  'src/db/database.test.ts',
  'src/db/search-synonyms.test.ts',
  'src/seed/demo-accounts.test.ts',
  'src/platform/origin.test.ts',
  'src/platform/cookie-header.test.ts',
  'src/platform/response-cache.test.ts',
  'src/platform/response-check.test.ts',
  'src/platform/mail/*.test.ts',
  'src/platform/mesh/*.test.ts',
  'src/platform/storage/*.test.ts',
];

const server = (name: string, databaseUrl: string, exclude: string[] = []) => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  // After the web project, one file at a time per project: files of one project share its database server and
  // ports. The two server projects run side by side (each its own scratch databases, random ports, random Redis
  // keys), which keeps both of CI's cores busy (docs/decisions/0040).
  test: { name, env: { TEST_DATABASE_URL: databaseUrl }, maxWorkers: 1, sequence: { groupOrder: 1 }, exclude: ['**/node_modules/**', ...exclude] },
});

// One `vitest run` covers every workspace. The server suite runs on the embedded PGlite, and once
// more on a real PostgreSQL server when TEST_DATABASE_URL names one (CI does).
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/web',
      server('server', ''),
      ...(pgUrl ? [server('server-pg', pgUrl, DATABASE_FREE)] : []),
    ],
  },
});
