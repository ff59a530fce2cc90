// Prints one "N passed, N failed" line from the JSON reports of the last unit and e2e runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const unit = 'test-results/unit.json';
if (existsSync(unit)) {
  const r = JSON.parse(readFileSync(unit, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
// One report per e2e shard (e2e/run.mjs).
const shards = 'test-results/e2e-shards';
for (const file of existsSync(shards) ? readdirSync(shards).filter((f) => f.endsWith('.json')) : []) {
  const r = JSON.parse(readFileSync(`${shards}/${file}`, 'utf8'));
  passed += r.stats.expected;
  failed += r.stats.unexpected + r.stats.flaky;
  skipped += r.stats.skipped;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
