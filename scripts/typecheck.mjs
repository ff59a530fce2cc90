// `npm run typecheck`: every TypeScript project, two at a time (each tsc is one thread; CI has two cores).
// Output is printed per project when it ends, so two projects' errors never interleave.
import { createRequire } from 'node:module';
import { inLanes, runCollected } from './lanes.mjs';

const PROJECTS = ['apps/server', 'bench', 'apps/web', 'packages/shared', 'e2e']; // the longest first
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const codes = await inLanes(PROJECTS, 2, async (project) => {
  const { code, output } = await runCollected(process.execPath, [tsc, '-p', project]);
  console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : `exit ${code}`}${output ? `\n${output.trimEnd()}` : ''}`);
  return code;
});
process.exit(codes.every((code) => code === 0) ? 0 : 1);
