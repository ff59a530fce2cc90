import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layer boundaries (docs/decisions/0029), checked on the resolved file of every import, type-only and
// dynamic ones included. Module and feature folders are listed when lint starts, so a new one is covered
// without a change here. Import cycles are madge's job (scripts/check-cycles.mjs, part of `npm run lint`).
const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);
const folders = (dir) =>
  fs
    .readdirSync(at(dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const serverModules = folders(`${SERVER}/modules`);
const webFeatures = folders(`${WEB}/features`);

const boundaryZones = [
  // (a) The platform (adapters) and the database layer are below every module and the demo data.
  {
    target: [at(SERVER, 'platform'), at(SERVER, 'db')],
    from: [at(SERVER, 'modules'), at(SERVER, 'seed')],
    message: 'platform/ and db/ are below the modules and the seed: pass what they need in (a callback, a parameter), never import upwards.',
  },
  // (b) Another server module is reached only through its public entry, index.ts (test-support.ts: helpers
  // for tests). Inside a module, files (tests included) import each other freely; app.ts, main.ts,
  // bootstrap.ts, jobs.ts, the seed and the tests under test/ use the public entries too.
  ...serverModules.map((name) => ({
    target: [
      ...serverModules.filter((other) => other !== name).map((other) => at(SERVER, 'modules', other)),
      `${at(SERVER)}/*.ts`,
      at(SERVER, 'seed'),
      at('apps/server/test'),
    ],
    from: `${at(SERVER, 'modules', name)}/**`,
    except: [`${at(SERVER, 'modules', name)}/@(index|test-support).ts`],
    message: `import modules/${name}/index.js, the module's public entry (export what others need from it).`,
  })),
  // (c) Another web feature is reached only through its index.ts (test-data.ts and test-utils.ts: builders
  // and fakes for tests). The app (router, layout) may import any feature's pages.
  ...webFeatures.map((name) => ({
    target: webFeatures.filter((other) => other !== name).map((other) => at(WEB, 'features', other)),
    from: `${at(WEB, 'features', name)}/**`,
    except: [`${at(WEB, 'features', name)}/@(index|test-data|test-utils).@(ts|tsx)`],
    message: `import @/features/${name}, the feature's public entry (export what others need from its index.ts).`,
  })),
  // (d) Shared web code (lib/, components/) is below the features.
  {
    target: [at(WEB, 'lib'), at(WEB, 'components')],
    from: at(WEB, 'features'),
    message: 'lib/ and components/ are below the features: move the shared piece down, or pass it in as a prop or callback.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // End-to-end helpers run code in the page too (page.evaluate).
    files: ['e2e/**/*.{ts,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Import boundaries (docs/decisions/0029): the server never reaches into the web app and vice versa.
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '@cusp/web'] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/server/**', '@cusp/server'] }] },
  },
  {
    // Import boundaries inside each app (docs/decisions/0029); the TypeScript resolver maps `./x.js` to
    // `./x.ts` and the web app's `@/` paths.
    files: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'] }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
);
