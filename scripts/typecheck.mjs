// `npm run typecheck`: every TypeScript project, two at a time (each tsc is one thread; CI has two cores).
// Output is printed per project when it ends, so two projects' errors never interleave.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const PROJECTS = ['apps/server', 'bench', 'apps/web', 'packages/shared', 'e2e']; // the longest first
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : `exit ${code}`}${output ? `\n${output.trimEnd()}` : ''}`);
      resolve(code);
    });
  });
}

const queue = [...PROJECTS];
const codes = [];
await Promise.all(
  [1, 2].map(async () => {
    for (let project = queue.shift(); project; project = queue.shift()) codes.push(await check(project));
  }),
);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
