// Two small helpers for running commands side by side on CI's two cores (docs/decisions/0040): a queue worked by
// a fixed number of lanes, and a child process whose output is kept and handed back whole, so that commands run
// side by side print blocks rather than interleaved lines.
import { spawn } from 'node:child_process';

/** Calls `work` on every item, at most `lanes` at a time, in the items' order; resolves to the results in that order. */
export async function inLanes(items, lanes, work) {
  const results = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return results;
}

/** Runs `command args` (in `options.cwd`, with `options.env`) and resolves once it ends, with its exit code and all it printed. */
export function runCollected(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolve({ code: 127, output: String(error) }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : null), output: Buffer.concat(chunks).toString() }));
  });
}
