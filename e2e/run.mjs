// Runs the Playwright suite against the built product on a fresh data folder.
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.mjs';

try {
  process.env.CHROMIUM_PATH = findChromium();
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
