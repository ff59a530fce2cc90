import { defineConfig } from 'vitest/config';

const pgUrl = process.env.TEST_DATABASE_URL;

// Server files that never reach the database choice (pure functions, the PGlite folder itself, the process's HTTP
// edge): run once, on the embedded project, not again on PostgreSQL.
const DATABASE_FREE = [
  'src/config.test.ts',
  'src/web.test.ts',
  'src/entry-points.test.ts',
  'src/doc-references.test.ts',
  'src/wire-names.test.ts',
  'src/table-writers.test.ts',
  'src/db/database.test.ts',
  'src/db/search-synonyms.test.ts',
  'src/seed/demo-accounts.test.ts',
  'src/seed/direct-writes.test.ts',
  'src/platform/origin.test.ts',
  'src/platform/cookie-header.test.ts',
  'src/platform/response-cache.test.ts',
  'src/platform/response-check.test.ts',
  'src/platform/mail/*.test.ts',
  'src/platform/mesh/*.test.ts',
  'src/platform/workers/*.test.ts',
  'src/platform/storage/*.test.ts',
];

const server = (name: string, databaseUrl: string, maxWorkers: number, exclude: string[] = []) => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  // After the web project, one file at a time per project: files of one project share its database server and
  // ports. The two server projects run side by side (each its own scratch databases, random ports, random Redis
  // keys), which keeps both of CI's cores busy (docs/decisions/0040).
  test: { name, env: { TEST_DATABASE_URL: databaseUrl }, maxWorkers, sequence: { groupOrder: 1 }, exclude: ['**/node_modules/**', ...exclude] },
});

// Web files that need a module registry of their own: those that replace modules with vi.mock (the Arabic pages' check marks the Arabic catalogue), and one that
// checks what a module does the first time it runs (the tz cookie). The other web files share
// one per worker (isolate off): each renders its own app with its own query client and mocked fetch, and the setup
// file resets the language, storage and notifications after every test; importing React, Mantine and the app once
// per worker rather than once per file halves the web project (docs/decisions/0040).
const WEB_ISOLATED = [
  'src/lib/format.test.tsx',
  'src/features/orders/components/OrderEventNotice.test.tsx',
  'src/features/orders/review/CaseReviewPage.test.tsx',
  'src/features/notifications/components/NotificationBell.test.tsx',
  'src/features/courses/components/CourseWizard.test.tsx',
  'src/features/messages/**/*.test.tsx',
  'src/locales/arabic-pages.test.tsx',
];

const web = (name: string, isolate: boolean, files: { include?: string[]; exclude?: string[] }) => ({
  extends: './apps/web/vitest.config.ts',
  root: './apps/web',
  test: { name, isolate, ...files },
});

// One `vitest run` covers every workspace. The server suite runs on the embedded PGlite, and once
// more on a real PostgreSQL server when TEST_DATABASE_URL names one (CI does).
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      web('web', false, { exclude: ['**/node_modules/**', ...WEB_ISOLATED] }),
      web('web-isolated', true, { include: WEB_ISOLATED }),
      server('server', '', 2),
      ...(pgUrl ? [server('server-pg', pgUrl, 2, DATABASE_FREE)] : []),
    ],
  },
});
