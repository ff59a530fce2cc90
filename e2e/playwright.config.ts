import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// e2e/run.mjs runs the suite in shards, each a process of its own: each writes its own report (test-summary reads them all).
const SHARD = process.env.E2E_SHARD ?? '1';
// A new, empty data folder for each run: demo accounts are seeded into it at start.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'cusp-e2e-'));
// The specs read the server's mail outbox there (helpers.ts, confirmEmailFromOutbox): workers inherit the variable.
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: `../test-results/e2e-shards/${SHARD}.json` }]],
  outputDir: `../test-results/e2e/${SHARD}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed test keeps its trace (every action with the DOM before and after) and a screenshot of the end.
    // No screencast in the trace: its frames were 40 % of Chromium's CPU in the suite (docs/decisions/0040).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    // A bound, not a wait: the demo data (the generated quadrant scans included) takes 20-90 s to write depending
    // on the machine's load and the other shard's server starting beside it. E2E_SERVER_TIMEOUT_MS changes it.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 180_000),
    env: { PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  },
});
