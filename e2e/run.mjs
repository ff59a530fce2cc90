// Runs the Playwright suite against the built product. The spec files are split into shards (E2E_SHARDS,
// default 2: CI's two cores), each its own Playwright process with its own server on its own port and a fresh
// data folder, so shards share no state (demo accounts, rate limits) and the specs in a shard run one at a time
// as before (docs/decisions/0040). Arguments (spec files, -g ...) go to every shard.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

try {
  process.env.CHROMIUM_PATH = findChromium();
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
const args = process.argv.slice(2);
// One shard when the caller names spec files (a developer running one spec), two for the whole suite.
const shards = Number(process.env.E2E_SHARDS ?? (args.some((a) => a.endsWith('.spec.ts')) ? 1 : 2));
const basePort = Number(process.env.E2E_PORT ?? 3210);
rmSync('test-results/e2e-shards', { recursive: true, force: true });

function runShard(index) {
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...shardArgs, ...args], {
      stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, E2E_PORT: String(basePort + index - 1), E2E_SHARD: String(index) },
    });
    if (shards > 1) {
      // Each line says which shard it comes from; the two shards' lines interleave.
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) process.stdout.write(`[${index}/${shards}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${index}/${shards}] ${rest}\n`));
      }
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
